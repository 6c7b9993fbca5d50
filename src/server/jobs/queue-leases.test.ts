import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../db/client';
import { jobs } from '../db/schema/index';
import { openTestDatabase } from '../test/template-db';
import { until } from '../test/until';
import { createQueue } from './queue';

// The queue's leases: a dead worker's job is taken again, a slow one's is kept alive, a bounded stop
// gives a running job back (the rest of the queue: queue.test.ts). Throwaway job names, not JobPayloads.
type TestJobs = { double: { n: number } } & Record<string, Record<string, never>>;

let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

describe('durable queue: leases', () => {
  it('picks up a job whose worker died (expired lease) after a restart', async () => {
    database = await openTestDatabase();
    const first = createQueue<TestJobs>(database.db, { pollMs: 20 });
    first.define({ name: 'work', schema: z.object({}), handler: async () => 'ok' });
    const id = await first.enqueue('work', {});
    // simulate a crash mid-run: the row says running with a lease that has already expired
    await database.db
      .update(jobs)
      .set({ status: 'running', lockedBy: 'dead', lockedUntil: new Date(Date.now() - 1000), attempts: 1 })
      .where(eq(jobs.id, id!));
    const second = createQueue<TestJobs>(database.db, { pollMs: 20 });
    second.define({ name: 'work', schema: z.object({}), handler: async () => 'recovered' });
    second.start();
    const row = await second.waitFor(id!, 5000);
    await second.stop();
    expect(row?.status).toBe('done');
    expect(row?.result).toBe('recovered');
  });

  it('keeps the lease of a handler slower than its lease alive, so a second worker never runs it again', async () => {
    database = await openTestDatabase();
    const runs: string[] = [];
    const slow = (worker: string) => ({
      name: 'slow-vendor-call',
      schema: z.object({}),
      // long enough that a loaded CI machine's stalls (one took the 50 ms heartbeat past a 150 ms
      // lease) do not let it lapse: the heartbeat's interval is a third of it
      leaseMs: 600,
      handler: async (_p: object, ctx: { jobId: string }) => {
        runs.push(worker);
        // a vendor call that takes four leases: it returns once the heartbeat has carried the lease
        // three leases past the one it was claimed with (the other worker polling all along)
        const lockedUntil = async () =>
          (await database!.db.select().from(jobs).where(eq(jobs.id, ctx.jobId)))[0].lockedUntil!.getTime();
        const first = await lockedUntil();
        await until(async () => (await lockedUntil()) >= first + 3 * 600, 'four leases of heartbeats');
        return worker;
      },
    });
    const first = createQueue<TestJobs>(database.db, { pollMs: 20 });
    const second = createQueue<TestJobs>(database.db, { pollMs: 20 });
    first.define(slow('first'));
    second.define(slow('second'));
    const id = await first.enqueue('slow-vendor-call', {});
    first.start();
    await until(() => runs.length > 0, 'the first worker to start the job');
    second.start();
    const row = await second.waitFor(id!, 5000);
    await Promise.all([first.stop(), second.stop()]);
    expect(row?.status).toBe('done');
    expect(runs).toEqual(['first']);
    expect(row?.result).toBe('first');
  });

  it("lets a dead worker's lease lapse: the heartbeat stops with the worker", async () => {
    database = await openTestDatabase();
    const runs: string[] = [];
    // one job at a time: the "dead" worker still polls, and with a free slot it could claim the lapsed
    // row itself before the second does (on PostgreSQL it sometimes did)
    const first = createQueue<TestJobs>(database.db, { pollMs: 20, concurrency: 1 });
    let release: () => void = () => {};
    first.define({
      name: 'hang',
      schema: z.object({}),
      leaseMs: 150,
      handler: async () => {
        runs.push('first');
        await new Promise<void>((r) => (release = r));
        return 'first';
      },
    });
    const id = await first.enqueue('hang', {});
    first.start();
    await until(() => runs.length > 0, 'the first worker to start the job');
    // the worker "dies": another process takes the row over once the lease lapses
    await database.db
      .update(jobs)
      .set({ lockedBy: 'someone-else', lockedUntil: new Date(Date.now() - 1) })
      .where(eq(jobs.id, id!));
    const second = createQueue<TestJobs>(database.db, { pollMs: 20 });
    second.define({
      name: 'hang',
      schema: z.object({}),
      leaseMs: 150,
      handler: async () => (runs.push('second'), 'second'),
    });
    second.start();
    const row = await second.waitFor(id!, 5000);
    release();
    await Promise.all([first.stop(), second.stop()]);
    expect(row?.result).toBe('second');
    expect(runs).toEqual(['first', 'second']);
  });

  it('gives a job still running at the end of a bounded stop back, so another worker takes it at once', async () => {
    database = await openTestDatabase();
    const runs: string[] = [];
    let release: () => void = () => {};
    const first = createQueue<TestJobs>(database.db, { pollMs: 20 });
    first.define({
      name: 'long',
      schema: z.object({}),
      // a lease far longer than the test: only the release can hand the job over in time
      leaseMs: 60_000,
      maxAttempts: 1,
      handler: async () => {
        runs.push('first');
        await new Promise<void>((r) => (release = r));
        return 'first';
      },
    });
    const id = await first.enqueue('long', {});
    first.start();
    await until(() => runs.length > 0, 'the first worker to start the job');
    const stopped = Date.now();
    await first.stop({ graceMs: 100 });
    expect(Date.now() - stopped).toBeLessThan(2000);
    const [given] = await database.db.select().from(jobs).where(eq(jobs.id, id!));
    // the interrupted run is not a failure: with maxAttempts 1 the job can still run
    expect(given).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null });
    const second = createQueue<TestJobs>(database.db, { pollMs: 20 });
    second.define({
      name: 'long',
      schema: z.object({}),
      leaseMs: 60_000,
      maxAttempts: 1,
      handler: async () => (runs.push('second'), 'second'),
    });
    second.start();
    const row = await second.waitFor(id!, 3000);
    // the abandoned handler finishing late must not overwrite the second worker's result
    release();
    await until(() => first.activeCount() === 0, 'the abandoned handler to finish');
    await second.stop();
    const [after] = await database.db.select().from(jobs).where(eq(jobs.id, id!));
    expect(row?.status).toBe('done');
    expect(after.result).toBe('second');
    expect(runs).toEqual(['first', 'second']);
  });

  it('waits for a handler that finishes within the grace', async () => {
    database = await openTestDatabase();
    let started = false;
    let finish: () => void = () => {};
    const q = createQueue<TestJobs>(database.db, { pollMs: 20 });
    q.define({
      name: 'short',
      schema: z.object({}),
      handler: async () => {
        started = true;
        await new Promise<void>((r) => (finish = r));
        return 'ok';
      },
    });
    const id = await q.enqueue('short', {});
    q.start();
    await until(() => started, 'the handler to start');
    let stopped = false;
    const stopping = q.stop({ graceMs: 2000 }).then(() => (stopped = true));
    // a query answered after the stop began: the stop is still waiting for the handler
    await database.db.select().from(jobs).where(eq(jobs.id, id!));
    expect(stopped).toBe(false);
    finish();
    await stopping;
    const [row] = await database.db.select().from(jobs).where(eq(jobs.id, id!));
    expect(row).toMatchObject({ status: 'done', result: 'ok' });
  });
});
