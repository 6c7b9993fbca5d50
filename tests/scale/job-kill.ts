// The job side of the kill tests (privacy-kill.test.ts): wait for the queue to settle, and SIGKILL the
// worker while it runs a given job.
import type pg from 'pg';
import { expect } from 'vitest';
import { until } from '../../src/server/test/until';
import type { Cluster } from './cluster';

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
