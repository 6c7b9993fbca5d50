// The job side of the kill tests (privacy-kill.test.ts): wait for the queue to settle, and SIGKILL the
// worker while it runs a given job.
import type pg from 'pg';
import { expect } from 'vitest';
import { until } from '../../src/server/test/until';
import type { Cluster, Instance } from './cluster';

/** No job running and none due (recurring jobs wait queued for their next run). */
export async function settle(pool: pg.Pool, ms = 60_000) {
  const q = async (text: string) => (await pool.query(text)).rows;
  await until(
    async () => {
      const [r] = await q(`select
        (select count(*)::int from jobs where status = 'running') as running,
        (select count(*)::int from jobs where status = 'queued' and run_at <= now()) as due`);
      return r.running === 0 && r.due === 0;
    },
    'the queue to settle',
    ms,
    300,
  );
}

/**
 * Catches `name` running on the worker, SIGKILLs the worker, checks the job was still running on
 * the dead process when it died (not finished just before the kill), restarts the worker and, when
 * the job's lease is longer than the test waits for, runs it out.
 */
export async function killWhileRunning(
  o: { cluster: Cluster; pool: pg.Pool; longestRealLeaseMs: number },
  name: string,
) {
  const q = async <T = any>(text: string, values: unknown[] = []): Promise<T[]> =>
    (await o.pool.query(text, values)).rows as T[];
  const worker = o.cluster.workers[0];
  const pid = worker.pid!;
  const seen = await until(
    async () =>
      (
        await q<{ id: string; locked_by: string }>(
          `select id, locked_by from jobs where name = $1 and status = 'running' and locked_by like $2`,
          [name, `${pid}-%`],
        )
      )[0],
    `${name} running`,
    60_000,
    10,
  );
  await worker.kill();
  const [held] = await q(`select status, locked_by, attempts, locked_until from jobs where id = $1`, [
    seen.id,
  ]);
  // the kill landed while the dead process held it: it is running, locked by that process
  expect(held, `${name} finished before the kill landed`).toMatchObject({
    status: 'running',
    locked_by: seen.locked_by,
    attempts: 1,
  });
  await worker.start();
  let leaseLeft = new Date(held.locked_until).getTime() - Date.now();
  if (leaseLeft > o.longestRealLeaseMs) {
    console.log(`privacy-kill: ${name}'s lease has ${Math.round(leaseLeft / 1000)} s left; running it out`);
    // ... time passes: the dead worker's lease runs out (only if the dead worker still holds it)
    await q(
      `update jobs set locked_until = now() - interval '1 second' where id = $1 and status = 'running' and locked_by = $2`,
      [seen.id, seen.locked_by],
    );
    leaseLeft = 0;
  }
  return { jobId: seen.id, leaseLeft: Math.max(leaseLeft, 0) };
}

/**
 * SIGKILLs `worker` once it holds a running job, preferring a moment when one of them is named `name`
 * (waited for up to `preferMs`; the load's timing must not move much, or the restarted instances see no
 * load). Returns the jobs it still held when it died (heldJobs) and those named `name` (heldRenders).
 */
export async function killHolding(pool: pg.Pool, worker: Instance, name: string, preferMs = 8_000) {
  const q = async <T = any>(text: string, values: unknown[] = []): Promise<T[]> =>
    (await pool.query(text, values)).rows as T[];
  const like = `${worker.pid!}-%`;
  const preferUntil = Date.now() + preferMs;
  let held: { id: string; name: string }[] = [];
  await until(
    async () => {
      held = await q(`select id, name from jobs where status = 'running' and locked_by like $1`, [like]);
      return held.some((j) => j.name === name) || (held.length > 0 && Date.now() >= preferUntil);
    },
    `${worker.name} to hold a job`,
    60_000,
    50,
  ).catch(() => {}); // killed anyway: the caller's assertions on the held jobs tell
  await worker.kill();
  // only what it still held when it died (one finished just before the kill is not one)
  const still = await q<{ id: string; name: string }>(
    `select id, name from jobs where id = any($1::uuid[]) and status = 'running' and locked_by like $2`,
    [held.map((j) => j.id), like],
  );
  return {
    heldJobs: still.map((j) => j.id),
    heldRenders: still.filter((j) => j.name === name).map((j) => j.id),
  };
}

/** Issue 27: each job was finished (by another worker) within `ms` of the kill at `killedAt`. */
export async function expectFinishedWithin(pool: pg.Pool, ids: string[], killedAt: number, ms: number) {
  const { rows } = await pool.query<{ id: string; after_ms: number; attempts: number }>(
    `select id, attempts, (extract(epoch from finished_at) * 1000 - $2)::int as after_ms
    from jobs where id = any($1::uuid[])`,
    [ids, killedAt],
  );
  expect(rows.length, 'the worker was killed holding such a job').toBeGreaterThan(0);
  console.log(`scale: the killed worker's job(s) finished ${rows.map((r) => r.after_ms)} ms after the kill`);
  for (const r of rows) {
    expect(r.after_ms, `job ${r.id} finished by another worker`).toBeLessThanOrEqual(ms);
    // the killed run counted, and the one that finished it
    expect(r.attempts, `job ${r.id}`).toBeGreaterThanOrEqual(2);
  }
}

/**
 * Catches job `name` running on any worker of the cluster (job `jobId` when given), SIGKILLs that
 * worker and checks the job was still running on the dead process when it died. The worker stays
 * down: another one must take the job back (gpu-kill.test.ts).
 */
export async function killHolderOf(o: { cluster: Cluster; pool: pg.Pool }, name: string, jobId?: string) {
  const q = async <T = any>(text: string, values: unknown[] = []): Promise<T[]> =>
    (await o.pool.query(text, values)).rows as T[];
  const seen = await until(
    async () => {
      const rows = await q<{ id: string; locked_by: string; attempts: number }>(
        `select id, locked_by, attempts from jobs where name = $1 and status = 'running' and ($2::uuid is null or id = $2::uuid)`,
        [name, jobId ?? null],
      );
      for (const r of rows) {
        const worker = o.cluster.workers.find((w) => w.pid && r.locked_by.startsWith(`${w.pid}-`));
        if (worker) return { ...r, worker };
      }
      return null;
    },
    `${name} running on a worker`,
    60_000,
    10,
  );
  const pid = seen.worker.pid!;
  await seen.worker.kill();
  const [held] = await q(`select status, locked_by from jobs where id = $1`, [seen.id]);
  expect(held, `${name} finished before the kill landed`).toMatchObject({
    status: 'running',
    locked_by: seen.locked_by,
  });
  return { jobId: seen.id, worker: seen.worker, pid, lockedBy: seen.locked_by, attempts: seen.attempts };
}
