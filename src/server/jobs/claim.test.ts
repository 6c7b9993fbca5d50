import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../db/client';
import { openTestDatabase } from '../test/template-db';
import { jobs, workers } from '../db/schema/index';
import { until } from '../test/until';
import { createQueue } from './queue';
import { startWorkerHeartbeat } from './worker-heartbeat';

// Two queues on one database, each a worker process with its heartbeat row; the bound is shortened
// from 10 s to DEAD_MS so the tests take well under a second each.
type TestJobs = Record<string, Record<string, never>>;
const DEAD_MS = 300;

let database: Database | undefined;
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn().catch(() => {});
  await database?.close();
  database = undefined;
});

/** A worker: a queue and its heartbeat (beating every `beatMs`; a huge one is a worker that died). */
async function worker(db: Database['db'], beatMs: number) {
  const queue = createQueue<TestJobs>(db, { pollMs: 20, deadWorkerMs: DEAD_MS });
  const heartbeat = await startWorkerHeartbeat(
    db,
    { id: queue.workerId, role: 'worker', activeCount: queue.activeCount },
    { intervalMs: beatMs },
  );
  cleanups.push(
    () => queue.stop({ graceMs: 0 }),
    () => heartbeat.stop(),
  );
  return queue;
}

const row = async (id: string) => (await database!.db.select().from(jobs).where(eq(jobs.id, id)))[0];

describe('a job held by a dead worker', () => {
  it('is taken back by another worker once the holder misses its heartbeats, long before its lease', async () => {
    database = await openTestDatabase();
    const db = database.db;
    const runs: { worker: string; at: number }[] = [];
    let release: () => void = () => {};
    // beats once, at start, then never again: a SIGKILLed process
    const dead = await worker(db, 60_000);
    dead.define({
      name: 'render',
      schema: z.object({}),
      leaseMs: 60_000,
      handler: async () => {
        runs.push({ worker: 'dead', at: Date.now() });
        await new Promise<void>((r) => (release = r));
        return 'dead';
      },
    });
    const live = await worker(db, 30);
    live.define({
      name: 'render',
      schema: z.object({}),
      leaseMs: 60_000,
      handler: async () => (runs.push({ worker: 'live', at: Date.now() }), 'live'),
    });
    const id = (await dead.enqueue('render', {}))!;
    dead.start();
    await until(() => runs.length > 0, 'the first worker to start the job');
    const [beat] = await db.select().from(workers).where(eq(workers.id, dead.workerId));
    live.start();
    const done = await live.waitFor(id, 5000);
    expect(done).toMatchObject({ status: 'done', result: 'live', lockedBy: null });
    expect(runs.map((r) => r.worker)).toEqual(['dead', 'live']);
    // taken no sooner than the bound after the last beat, and soon after it (the lease had a minute)
    const takenAfter = runs[1].at - beat.lastSeen.getTime();
    expect(takenAfter).toBeGreaterThanOrEqual(DEAD_MS);
    expect(takenAfter).toBeLessThan(DEAD_MS + 1500);
    // each run counted once: the killed one and the one that finished
    expect(done!.attempts).toBe(2);
    // the frozen process wakes up and finishes: the row stays as the live worker left it
    release();
    await until(() => dead.activeCount() === 0, 'the frozen handler to finish');
    expect(await row(id)).toMatchObject({ status: 'done', result: 'live', attempts: 2 });
  });

  it('a frozen worker that fails after the take-over neither settles nor retries the job', async () => {
    database = await openTestDatabase();
    const db = database.db;
    const settled: string[] = [];
    const runs: string[] = [];
    let wakeFrozen: () => void = () => {};
    let finishLive: () => void = () => {};
    const frozen = await worker(db, 60_000);
    frozen.define({
      name: 'charge',
      schema: z.object({}),
      maxAttempts: 2,
      leaseMs: 60_000,
      handler: async () => {
        runs.push('frozen');
        await new Promise<void>((r) => (wakeFrozen = r));
        throw new Error('vendor timed out');
      },
      onFailed: async (_p, err) => void settled.push(`frozen: ${err}`),
    });
    const live = await worker(db, 30);
    live.define({
      name: 'charge',
      schema: z.object({}),
      maxAttempts: 2,
      leaseMs: 60_000,
      handler: async () => {
        runs.push('live');
        await new Promise<void>((r) => (finishLive = r));
        return 'live';
      },
      onFailed: async (_p, err) => void settled.push(`live: ${err}`),
    });
    const id = (await frozen.enqueue('charge', {}))!;
    frozen.start();
    await until(() => runs.length === 1, 'the first worker to start the job');
    live.start();
    await until(() => runs.length === 2, 'the live worker to take the job over', 5000);
    // the second attempt is the last: the frozen worker failing now would have counted as exhausted
    expect(await row(id)).toMatchObject({ status: 'running', attempts: 2, lockedBy: live.workerId });
    wakeFrozen();
    await until(() => frozen.activeCount() === 0, 'the frozen worker to end its failed run');
    expect(await row(id)).toMatchObject({ status: 'running', attempts: 2, lockedBy: live.workerId });
    finishLive();
    const done = await live.waitFor(id, 5000);
    expect(done).toMatchObject({ status: 'done', result: 'live', attempts: 2, lastError: null });
    expect(settled).toEqual([]);
  });

  it('a slow handler of a live worker keeps its job however long it runs', async () => {
    database = await openTestDatabase();
    const db = database.db;
    const runs: string[] = [];
    const slow = await worker(db, 30);
    slow.define({
      name: 'render',
      schema: z.object({}),
      leaseMs: 60_000,
      handler: async () => {
        runs.push('slow');
        // five times the bound without a job-level lease refresh: only the worker's heartbeat, whose
        // row (the database's clock, the one the other worker's claims compare with) must move on that far
        const seen = async () =>
          (await db.select().from(workers).where(eq(workers.id, slow.workerId)))[0].lastSeen.getTime();
        const from = await seen();
        await until(async () => (await seen()) - from >= 5 * DEAD_MS, 'five bounds of heartbeats', 5000);
        return 'slow';
      },
    });
    const other = await worker(db, 30);
    other.define({
      name: 'render',
      schema: z.object({}),
      leaseMs: 60_000,
      handler: async () => (runs.push('other'), 'other'),
    });
    const id = (await slow.enqueue('render', {}))!;
    slow.start();
    await until(() => runs.length > 0, 'the slow worker to start the job');
    other.start();
    const done = await slow.waitFor(id, 5000);
    expect(done).toMatchObject({ status: 'done', result: 'slow', attempts: 1 });
    expect(runs).toEqual(['slow']);
  });

  it('takes back a job of a worker whose heartbeat is old by the default bound, and no other', async () => {
    database = await openTestDatabase();
    const db = database.db;
    const queue = createQueue<TestJobs>(db, { pollMs: 20 });
    cleanups.push(() => queue.stop({ graceMs: 0 }));
    const runs: string[] = [];
    queue.define({ name: 'work', schema: z.object({}), handler: async () => (runs.push('ran'), 'ran') });
    // three holders, each with a lease an hour long: one last seen 11 s ago, one 5 s ago, one never
    await db.insert(workers).values([
      { id: 'gone', role: 'worker', pid: 1, host: 'h', lastSeen: sql`now() - interval '11 seconds'` },
      { id: 'late', role: 'worker', pid: 2, host: 'h', lastSeen: sql`now() - interval '5 seconds'` },
    ]);
    const held = async (holder: string) =>
      (
        await db
          .insert(jobs)
          .values({
            name: 'work',
            payload: {},
            status: 'running',
            attempts: 1,
            lockedBy: holder,
            lockedUntil: new Date(Date.now() + 3600_000),
          })
          .returning({ id: jobs.id })
      )[0].id;
    const gone = await held('gone');
    const late = await held('late');
    const unknown = await held('no-heartbeat-row');
    queue.start();
    expect(await queue.waitFor(gone, 5000)).toMatchObject({ status: 'done', attempts: 2 });
    // a job enqueued after them is claimed after them (by run_at): once it is done, a held job the
    // queue could take back would have been claimed already
    const later = (await queue.enqueue('work', {}))!;
    expect(await queue.waitFor(later, 5000)).toMatchObject({ status: 'done' });
    expect(runs).toEqual(['ran', 'ran']);
    expect(await row(late)).toMatchObject({ status: 'running', lockedBy: 'late', attempts: 1 });
    expect(await row(unknown)).toMatchObject({ status: 'running', lockedBy: 'no-heartbeat-row' });
  });
});
