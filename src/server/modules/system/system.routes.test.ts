import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobs, workers } from '../../db/schema/index';
import { createHarness, type Client, type Harness } from '../../test/harness';
import { READY_STORAGE_CACHE_MS } from './system.service';

const METRICS_TOKEN = 'metrics-token-for-the-tests';

let h: Harness;
let admin: Client;

beforeAll(async () => {
  h = await createHarness({ METRICS_TOKEN }, { startQueue: false });
  admin = await h.admin();
});
afterAll(async () => {
  await h?.close();
});

describe('readiness', () => {
  it('answers 200 when the database, the migrations and storage all work', async () => {
    const res = await h.client().get('/api/readyz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ok: true,
      checks: { database: true, migrations: true, storage: true },
      failed: [],
    });
  });

  it('answers 503 naming storage when storage refuses writes, while liveness stays 200', async () => {
    const put = vi.spyOn(h.deps.storage, 'put').mockRejectedValue(new Error('EACCES'));
    try {
      // the metrics token asks for a fresh probe (a guest would share the last few seconds' one)
      const res = await h.client().inject({
        method: 'GET',
        url: '/api/readyz',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        ok: false,
        checks: { database: true, migrations: true, storage: false },
        failed: ['storage'],
      });
      expect(res.body).not.toContain('EACCES');
      expect((await h.client().get('/api/healthz')).statusCode).toBe(200);
    } finally {
      put.mockRestore();
    }
  });
});

// Issue 28, point 5: each call cost three storage requests (write, read, delete), a guest's included.
describe('readiness cost', () => {
  it('shares one storage probe between guests for a few seconds; the metrics token gets a fresh one', async () => {
    // start a new window: the earlier tests' probes are forgotten. The shared probe's age is read
    // from Date, and only Date is faked (the database and the server keep their timers), set one
    // window on and held there, so all the calls below fall in the same window however slow they are.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + READY_STORAGE_CACHE_MS });
    const put = vi.spyOn(h.deps.storage, 'put');
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          h.client().inject({ method: 'GET', url: '/api/readyz', remoteAddress: `198.51.100.${i + 1}` }),
        ),
      );
      for (const a of answers) expect(a.statusCode).toBe(200);
      for (let i = 0; i < 10; i++) expect((await h.client().get('/api/readyz')).statusCode).toBe(200);
      expect(put).toHaveBeenCalledTimes(1);
      const fresh = await h.client().inject({
        method: 'GET',
        url: '/api/readyz',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(fresh.statusCode).toBe(200);
      expect(put).toHaveBeenCalledTimes(2);
      // a wrong token is a guest
      await h.client().inject({
        method: 'GET',
        url: '/api/readyz',
        headers: { authorization: 'Bearer not-the-token' },
      });
      expect(put).toHaveBeenCalledTimes(2);
    } finally {
      put.mockRestore();
      vi.useRealTimers();
    }
  }, 20_000);
});

describe('request ids', () => {
  it('keeps a well-formed X-Request-Id and replaces anything else with a fresh one', async () => {
    const c = h.client();
    const kept = await c.inject({
      method: 'GET',
      url: '/api/healthz',
      headers: { 'x-request-id': 'lb-42.a' },
    });
    expect(kept.headers['x-request-id']).toBe('lb-42.a');
    const replaced = await c.inject({
      method: 'GET',
      url: '/api/healthz',
      headers: { 'x-request-id': 'bad id\nwith newline' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('unexpected errors', () => {
  it('answer a generic 500 that names no internals, with the request id to look the log up by', async () => {
    const select = vi.spyOn(h.deps.db, 'select').mockImplementation(() => {
      throw new Error('relation "jobs" is on fire at 10.0.0.5:5432');
    });
    try {
      const res = await admin.inject({
        method: 'GET',
        url: '/api/admin/system',
        headers: { 'x-request-id': 'trace-500' },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ code: 'INTERNAL' });
      expect(res.body).not.toMatch(/relation|10\.0\.0\.5|stack/);
      expect(res.headers['x-request-id']).toBe('trace-500');
    } finally {
      select.mockRestore();
    }
  });
});

describe('GET /api/admin/system', () => {
  it('is refused to a guest (401) and a user (403)', async () => {
    expect((await h.client().get('/api/admin/system')).statusCode).toBe(401);
    const user = h.client();
    await user.register();
    expect((await user.get('/api/admin/system')).statusCode).toBe(403);
  });

  it('shows jobs by state, the oldest pending job, recent failures and worker heartbeats', async () => {
    const long = new Date(Date.now() - 10 * 60_000);
    const [due] = await h.deps.db
      .insert(jobs)
      .values({ name: 'system.test-waiting', payload: {}, runAt: long, createdAt: long })
      .returning();
    await h.deps.db.insert(jobs).values({
      name: 'system.test-broken',
      payload: {},
      status: 'failed',
      attempts: 3,
      maxAttempts: 3,
      lastError: 'vendor said 502',
      finishedAt: new Date(),
    });
    await h.deps.db.insert(workers).values([
      { id: 'alive-1', role: 'worker', pid: 101, host: 'box-a', activeJobs: 2 },
      { id: 'gone-1', role: 'worker', pid: 102, host: 'box-b', lastSeen: new Date(Date.now() - 3600_000) },
    ]);
    const res = await admin.get('/api/admin/system');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.jobs).toContainEqual({
      name: 'system.test-waiting',
      status: 'queued',
      count: 1,
      oldestAt: long.toISOString(),
    });
    expect(body.oldestPending).toEqual({
      id: due.id,
      name: 'system.test-waiting',
      runAt: long.toISOString(),
      attempts: 0,
    });
    expect(body.failures).toContainEqual(
      expect.objectContaining({ name: 'system.test-broken', status: 'failed', error: 'vendor said 502' }),
    );
    const byId = Object.fromEntries(body.workers.map((w: { id: string }) => [w.id, w]));
    expect(byId['alive-1']).toMatchObject({
      role: 'worker',
      pid: 101,
      host: 'box-a',
      activeJobs: 2,
      gone: false,
    });
    expect(byId['gone-1']).toMatchObject({ gone: true });
  });
});

describe('GET /metrics', () => {
  it('answers the METRICS_TOKEN bearer and an admin session, and refuses others', async () => {
    const withToken = await h
      .client()
      .inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect((await admin.get('/metrics')).statusCode).toBe(200);

    const wrong = await h
      .client()
      .inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}x` } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('lora_jobs');
    expect((await h.client().get('/metrics')).statusCode).toBe(401);
    const user = h.client();
    await user.register();
    expect((await user.get('/metrics')).statusCode).toBe(403);
  });

  it('writes valid Prometheus text: requests by route and status, latency histogram, jobs, ledger', async () => {
    const user = h.client();
    await user.register(); // a bonus row in the ledger, and a few requests
    await user.get('/api/models/not-a-uuid');
    const res = await admin.get('/metrics');
    const lines = res.body.trimEnd().split('\n');
    const sample =
      /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{([a-zA-Z_][a-zA-Z0-9_]*="(\\.|[^"\\])*",?)*\})? (-?[0-9.e+-]+|\+Inf|NaN)$/;
    const types = new Map<string, string>();
    for (const line of lines) {
      // the format allows blank lines; prom-client writes one between families
      if (line === '') continue;
      if (line.startsWith('# TYPE ')) {
        const [, , name, type] = line.split(' ');
        types.set(name, type);
      } else if (!line.startsWith('# HELP ')) {
        expect(line).toMatch(sample);
        // every sample belongs to a declared family (histograms add _bucket/_sum/_count)
        const name = line.match(sample)![1].replace(/_(bucket|sum|count)$/, '');
        expect(types.has(name) || types.has(line.match(sample)![1])).toBe(true);
      }
    }
    expect(types.get('http_requests_total')).toBe('counter');
    expect(types.get('http_request_duration_seconds')).toBe('histogram');
    expect(res.body).toMatch(
      /^http_requests_total\{method="POST",route="\/api\/auth\/register",status="201"\} \d+$/m,
    );
    expect(res.body).toMatch(
      /^http_requests_total\{method="GET",route="\/api\/models\/:id",status="404"\} 1$/m,
    );
    // label order carries no meaning; prom-client writes `le` first
    expect(res.body).toMatch(
      /^http_request_duration_seconds_bucket\{le="\+Inf",method="POST",route="\/api\/auth\/register"\} \d+$/m,
    );
    expect(res.body).toMatch(/^lora_jobs\{state="queued"\} \d+$/m);
    expect(res.body).toMatch(/^lora_ledger_tokens\{type="bonus"\} [1-9]\d*$/m);
    expect(res.body).toMatch(/^lora_workers_alive \d+$/m);
  });
});
