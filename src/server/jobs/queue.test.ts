import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../db/client';
import { openTestDatabase } from '../test/template-db';
import { until } from '../test/until';
import { createQueue } from './queue';

// The queue's own tests use throwaway job names, not the app's JobPayloads.
type TestJobs = { double: { n: number } } & Record<string, Record<string, never>>;

let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

describe('durable queue', () => {
  it('runs a job once, de-duplicates by singleton key and reports the result to a waiter', async () => {
    database = await openTestDatabase();
    const q = createQueue<TestJobs>(database.db, { pollMs: 20 });
    const seen: number[] = [];
    q.define({
      name: 'double',
      schema: z.object({ n: z.number() }),
      handler: async ({ n }) => (seen.push(n), { doubled: n * 2 }),
    });
    const id = await q.enqueue('double', { n: 21 }, { singletonKey: 'double:21' });
    expect(await q.enqueue('double', { n: 21 }, { singletonKey: 'double:21' })).toBeNull();
    q.start();
    const row = await q.waitFor(id!, 5000);
    await q.stop();
    expect(row?.status).toBe('done');
    expect(row?.result).toEqual({ doubled: 42 });
    expect(seen).toEqual([21]);
  });

  it('retries failures with backoff and settles with onFailed when attempts run out', async () => {
    database = await openTestDatabase();
    const q = createQueue<TestJobs>(database.db, { pollMs: 20 });
    let calls = 0;
    const settled: string[] = [];
    q.define({
      name: 'flaky',
      schema: z.object({}),
      maxAttempts: 3,
      backoffMs: () => 10,
      handler: async () => {
        calls++;
        throw new Error('vendor down');
      },
      onFailed: async (_p, err) => void settled.push(err),
    });
    const id = await q.enqueue('flaky', {});
    q.start();
    const row = await q.waitFor(id!, 5000);
    await q.stop();
    expect(calls).toBe(3);
    expect(row?.status).toBe('failed');
    expect(settled).toEqual(['vendor down']);
  });

  it('reschedules polling steps without counting them as failures', async () => {
    database = await openTestDatabase();
    const q = createQueue<TestJobs>(database.db, { pollMs: 20 });
    let polls = 0;
    q.define({
      name: 'poll',
      schema: z.object({}),
      maxAttempts: 1,
      handler: async (_p, ctx) => (++polls < 4 ? ctx.retryIn(5) : 'finished'),
    });
    const id = await q.enqueue('poll', {});
    q.start();
    const row = await q.waitFor(id!, 5000);
    await q.stop();
    expect(row?.status).toBe('done');
    expect(polls).toBe(4);
  });

  it('sleeps while idle when it listens, and wakes for a commit, a delay, a reschedule and another process', async () => {
    database = await openTestDatabase();
    const { db, subscribe } = database;
    // every claim and due-time read goes through `execute`: count them
    // (drizzle's query runs each time it is awaited: the proxy awaits it once and hands on the result)
    const counting = (onRead: () => (rows: Record<string, unknown>[] | undefined) => void) =>
      new Proxy(db, {
        get(target, key) {
          const value = Reflect.get(target, key, target);
          if (key === 'execute')
            return async (...args: unknown[]) => {
              const read = onRead();
              const res = await value.apply(target, args);
              read((res as { rows?: Record<string, unknown>[] }).rows);
              return res;
            };
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
    let reads = 0;
    // Set once a due-time read begun after the listener came up (and after its kick) finds no job
    // queued: the worker then sleeps for the idle bound, with nothing left to kick it.
    let asleep = false;
    const counted = counting(() => {
      reads++;
      const sinceUp = listening;
      return (rows) => {
        if (sinceUp && rows?.[0] && 'ms' in rows[0] && rows[0].ms === null) asleep = true;
      };
    });
    // An idle bound far beyond every wait below: a job that ran was woken, not found by a poll.
    // Until its listener is up the worker polls every 20 ms; on PostgreSQL the listener's own
    // connection may take longer than the first claim (CI on b116da3 counted 3 reads while "idle").
    let listening = false;
    const worker = createQueue<TestJobs>(counted, {
      pollMs: 20,
      idlePollMs: 600_000,
      subscribe: (channel, handlers) =>
        subscribe(channel, {
          ...handlers,
          up: () => {
            handlers.up();
            listening = true;
          },
        }),
    });
    // another process's queue: it only enqueues, and cannot kick this worker's loop
    const other = createQueue<TestJobs>(db);
    const seen: number[] = [];
    const ranAt = new Map<number, number>();
    worker.define({
      name: 'double',
      schema: z.object({ n: z.number() }),
      handler: async ({ n }, ctx) => {
        seen.push(n);
        ranAt.set(n, Date.now());
        // a polling step: comes back twice, 100 ms apart
        if (n === 4 && seen.filter((x) => x === 4).length < 3) return ctx.retryIn(100);
        return n * 2;
      },
    });
    worker.start();
    // the look that `up` kicks off (a claim and a due-time read), however slow the machine is
    await until(() => asleep, 'the listening worker to find nothing due and go to sleep');

    // idle: no claim every 20 ms, no read at all, while a worker without a listener beside it
    // (polling every 20 ms, like this one before its listener was up) looks ten times
    const idleFrom = reads;
    let polls = 0;
    const poller = createQueue<TestJobs>(
      counting(() => (polls++, () => {})),
      { pollMs: 20 },
    );
    poller.define({ name: 'probe', schema: z.object({}), handler: async () => 'probe' });
    poller.start();
    await until(() => polls >= 10, 'a polling worker to look ten times');
    await poller.stop();
    expect(reads).toBe(idleFrom);

    const done = async (id: string | null) => (await worker.waitFor(id!, 5000))?.status;
    expect(await done(await other.enqueue('double', { n: 1 }))).toBe('done');

    // enqueued in a transaction: not before its commit, then at once. "At once" is the proof that
    // the notification comes with the commit: one delivered before it would wake the worker to find
    // nothing (the row is not visible yet), and it would sleep the 600 s idle bound past waitFor's 5 s.
    let inTx: string | null = null;
    await db.transaction(async (tx) => {
      inTx = await other.enqueue('double', { n: 2 }, { tx });
      expect(seen).not.toContain(2);
    });
    expect(await done(inTx)).toBe('done');

    // a rolled-back enqueue runs nothing
    await db
      .transaction(async (tx) => {
        await other.enqueue('double', { n: 9 }, { tx });
        throw new Error('rolled back');
      })
      .catch(() => {});

    const delayedAt = Date.now();
    const delayed = await other.enqueue('double', { n: 3 }, { delayMs: 200 });
    expect(await done(delayed)).toBe('done');
    // not before it was due
    expect(ranAt.get(3)! - delayedAt).toBeGreaterThanOrEqual(200);

    expect(await done(await other.enqueue('double', { n: 4 }))).toBe('done');
    await worker.stop();
    expect(seen).toEqual([1, 2, 3, 4, 4, 4]);
  });

  it('runs at most its cap of each kind at once, within the total, and lets other kinds past a full one', async () => {
    database = await openTestDatabase();
    const kinds: Record<string, string> = { render: 'generation', train: 'training', mail: 'mail' };
    const q = createQueue<TestJobs>(database.db, {
      pollMs: 20,
      concurrency: 4,
      kindCaps: { generation: 2, training: 1 },
      kindOf: (name) => kinds[name],
    });
    const now = new Map<string, number>();
    const peak = new Map<string, number>();
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const order: string[] = [];
    for (const name of Object.keys(kinds))
      q.define({
        name,
        schema: z.object({}),
        handler: async () => {
          order.push(name);
          now.set(name, (now.get(name) ?? 0) + 1);
          now.set('all', (now.get('all') ?? 0) + 1);
          for (const k of [name, 'all']) peak.set(k, Math.max(peak.get(k) ?? 0, now.get(k)!));
          await gate;
          now.set(name, now.get(name)! - 1);
          now.set('all', now.get('all')! - 1);
          return name;
        },
      });
    const ids: string[] = [];
    // the renders and trainings are older, but the mail must not wait behind them
    for (let i = 0; i < 4; i++)
      ids.push((await q.enqueue('render', {}, { runAt: new Date(Date.now() - 3000) }))!);
    for (let i = 0; i < 2; i++)
      ids.push((await q.enqueue('train', {}, { runAt: new Date(Date.now() - 2000) }))!);
    ids.push((await q.enqueue('mail', {}, { runAt: new Date(Date.now() - 1000) }))!);
    q.start();
    await until(() => order.length === 4, 'four handlers to start');
    // two renders and one training (their caps), and the mail past the older ones still waiting; with
    // the total cap reached no fifth starts before the release (the peaks below prove it: none ends before)
    expect([...order].sort()).toEqual(['mail', 'render', 'render', 'train']);
    release();
    for (const id of ids) expect(await q.waitFor(id, 5000)).toMatchObject({ status: 'done' });
    await q.stop();
    expect(peak.get('render')).toBe(2);
    expect(peak.get('train')).toBe(1);
    expect(peak.get('all')).toBe(4);
    expect(order).toHaveLength(7);
  });
});
