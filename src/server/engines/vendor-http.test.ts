import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineError } from './engine-error';
import { retryAfterMs, vendorJson } from './vendor-http';

// 429s are answered with Retry-After (seconds or an HTTP date); a client must not come back sooner.
let server: http.Server;
let base = '';
const answers: { status: number; headers?: Record<string, string> }[] = [];
let hits = 0;
beforeAll(async () => {
  server = http.createServer((_req, res) => {
    hits++;
    const a = answers.shift() ?? { status: 200 };
    res.writeHead(a.status, { 'content-type': 'application/json', ...a.headers });
    res.end(JSON.stringify(a.status === 200 ? { ok: true } : { detail: 'Request was throttled.' }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('vendorJson and Retry-After', () => {
  it('reads seconds and HTTP dates, capped at a minute for an inline wait', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:07 GMT', now)).toBe(7000);
    expect(retryAfterMs('600', now)).toBe(60_000);
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
  });

  it('waits as long as told before retrying a throttled POST', async () => {
    hits = 0;
    answers.push({ status: 429, headers: { 'retry-after': '2' } });
    const slept: number[] = [];
    const out = await vendorJson<{ ok: boolean }>({
      vendor: 'V',
      url: base,
      method: 'POST',
      body: {},
      sleep: async (ms) => void slept.push(ms),
    });
    expect(out.ok).toBe(true);
    expect(slept).toEqual([2000]);
    expect(hits).toBe(2);
  });

  it('hands a wait longer than it sleeps inline back to the caller instead of retrying early', async () => {
    hits = 0;
    answers.push({ status: 429, headers: { 'retry-after': '120' } });
    const slept: number[] = [];
    const err = await vendorJson({ vendor: 'V', url: base, sleep: async (ms) => void slept.push(ms) }).catch(
      (e) => e,
    );
    expect(err).toBeInstanceOf(EngineError);
    expect(err).toMatchObject({ retryable: true, status: 429, retryAfterMs: 120_000 });
    expect(slept).toEqual([]);
    expect(hits).toBe(1);
  });
});
