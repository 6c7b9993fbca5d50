import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../db/client';
import type { EngineSet } from '../engines/engines';
import { traceEngineSet } from '../engines/traced-engines';
import { createQueue } from '../jobs/queue';
import { openTestDatabase } from '../test/template-db';
import { noTracing, setTracing, tracing, type SpanOptions, type Tracing } from './tracing';

// What the server's code hands to tracing (lib/tracing.ts), seen through a recording stand-in for the
// SDK: the real SDK registers process-wide providers, which a test worker shared by many files must
// not keep (vitest `isolate: false`); tests/scale/trace.test.ts runs the real one across processes.

type Recorded = {
  name: string;
  opts: SpanOptions;
  parent: Recorded | null;
  attributes: Record<string, string | number | boolean>;
  failed?: unknown;
  traceparent: string;
};

function recordingTracing() {
  const spans: Recorded[] = [];
  const active = new AsyncLocalStorage<Recorded>();
  const t: Tracing = {
    enabled: true,
    inSpan(name, opts, fn) {
      const parent = active.getStore() ?? null;
      if (opts.requireParent && !parent && !opts.parent)
        return fn({ setAttribute: () => {}, fail: () => {} });
      const rec: Recorded = {
        name,
        opts,
        parent,
        attributes: { ...opts.attributes },
        traceparent: `00-${'ab'.repeat(16)}-${spans.length.toString(16).padStart(16, '0')}-01`,
      };
      spans.push(rec);
      return active.run(rec, () =>
        fn({ setAttribute: (k, v) => (rec.attributes[k] = v), fail: (err) => (rec.failed = err) }),
      );
    },
    traceparent: () => active.getStore()?.traceparent ?? null,
    logFields: () => ({}),
  };
  setTracing(t);
  return spans;
}

let database: Database | undefined;
afterEach(async () => {
  setTracing(noTracing);
  await database?.close();
  database = undefined;
});

describe('tracing a job across the queue', () => {
  it('stores the enqueuing span as the job’s traceparent and runs the job in a span continuing it', async () => {
    database = await openTestDatabase();
    const spans = recordingTracing();
    const q = createQueue<{ traced: Record<string, never> }>(database.db, { pollMs: 20 });
    q.define({ name: 'traced', schema: z.object({}), handler: async () => ({ ok: true }) });

    const id = await tracing().inSpan('POST /api/generate-image', {}, () => q.enqueue('traced', {}));
    const untraced = await q.enqueue('traced', {}, { singletonKey: 'outside-any-span' });
    const stored = await database.db.execute(sql`select id, trace_parent from jobs order by created_at`);
    const rows = (stored as unknown as { rows: { id: string; trace_parent: string | null }[] }).rows;
    const request = spans.find((s) => s.name === 'POST /api/generate-image')!;
    expect(rows.find((r) => r.id === id)?.trace_parent).toBe(request.traceparent);
    // a job enqueued outside a request or job (a schedule) starts a trace of its own
    expect(rows.find((r) => r.id === untraced)?.trace_parent).toBeNull();

    q.start();
    await q.waitFor(id!, 5000);
    await q.waitFor(untraced!, 5000);
    await q.stop();
    const runs = spans.filter((s) => s.name === 'job traced');
    expect(runs.map((r) => r.opts.parent).sort()).toEqual([request.traceparent, null].sort());
    for (const run of runs) {
      expect(run.opts.kind).toBe('consumer');
      expect(run.attributes).toMatchObject({ 'lora.job.name': 'traced', 'lora.job.outcome': 'done' });
    }
  });

  it('marks a failed run', async () => {
    database = await openTestDatabase();
    const spans = recordingTracing();
    const q = createQueue<{ broken: Record<string, never> }>(database.db, { pollMs: 20 });
    q.define({
      name: 'broken',
      schema: z.object({}),
      maxAttempts: 1,
      handler: async () => {
        throw new Error('vendor down');
      },
    });
    const id = await q.enqueue('broken', {});
    q.start();
    await q.waitFor(id!, 5000);
    await q.stop();
    const run = spans.find((s) => s.name === 'job broken')!;
    expect((run.failed as Error).message).toBe('vendor down');
    expect(run.attributes['lora.job.outcome']).toBe('failed');
  });
});

describe('tracing engine calls', () => {
  const set = () =>
    ({
      trainers: { offline: { name: 'offline', pollMs: 10, poll: async () => ({ status: 'running' }) } },
      hosts: { offline: { name: 'offline', submit: async () => {} } },
      images: { offline: { name: 'offline', render: async () => [] }, runware: undefined },
      upscalers: { offline: { name: 'offline', upscale: async () => Buffer.alloc(0) } },
      vision: { name: 'offline', analyze: async () => ({}) },
      faces: { name: 'face-api', loaded: () => false, describe: async () => null },
      payments: {
        name: 'stripe',
        verifyWebhook: () => ({ type: 'x' }),
        retrieveIntent: async () => {
          throw new Error('Stripe unreachable');
        },
      },
    }) as unknown as EngineSet;

  it('makes each work call a span naming the engine, and leaves the rest alone', async () => {
    const spans = recordingTracing();
    const engines = traceEngineSet(set());
    expect(engines.images.offline.name).toBe('offline');
    expect(engines.images.runware).toBeUndefined();
    expect(engines.trainers.offline.pollMs).toBe(10);
    await engines.images.offline.render({} as never);
    await engines.faces.describe(Buffer.alloc(0));
    expect(engines.faces.loaded()).toBe(false);
    expect((engines.payments as unknown as { verifyWebhook: () => unknown }).verifyWebhook()).toEqual({
      type: 'x',
    });
    await expect(engines.payments.retrieveIntent('pi_1')).rejects.toThrow('Stripe unreachable');

    expect(spans.map((s) => s.name)).toEqual(['images.render', 'faces.describe', 'payments.retrieveIntent']);
    expect(spans[0].opts).toMatchObject({
      kind: 'internal',
      attributes: { 'lora.engine.kind': 'images', 'lora.engine.name': 'offline' },
    });
    // a vendor's engine is a client call
    expect(spans[2].opts.kind).toBe('client');
  });
});

describe('tracing database time', () => {
  it('makes each statement a span under the active span, in transactions too, and none without one', async () => {
    database = await openTestDatabase({ trace: true });
    const spans = recordingTracing();
    const db = database.db;
    await db.execute(sql`select 1 as idle_poll`);
    expect(spans).toEqual([]);

    await tracing().inSpan('job traced', {}, async () => {
      await db.execute(sql`select 2 as in_a_job`);
      await db.transaction(async (tx) => {
        await tx.execute(sql`select 3 as in_a_transaction`);
      });
    });
    const job = spans.find((s) => s.name === 'job traced')!;
    const statements = spans.filter((s) => s.parent === job);
    const texts = statements.map((s) => s.attributes['db.query.text']);
    expect(texts).toContain('select 2 as in_a_job');
    expect(texts).toContain('select 3 as in_a_transaction');
    expect(texts).not.toContain('select 1 as idle_poll');
    const select = statements.find((s) => s.attributes['db.query.text'] === 'select 2 as in_a_job')!;
    expect(select.name).toBe('db select');
    expect(select.opts).toMatchObject({
      kind: 'client',
      attributes: { 'db.system.name': 'postgresql', 'db.operation.name': 'select' },
    });
  });
});
