import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobs } from '../db/schema/index';

/**
 * Callers waiting for a job to end (queue.ts `waitFor`): this process's worker wakes them as it
 * finishes the job; a job another process finishes is seen when the row is read again, every
 * `rereadMs`.
 */
export function createJobWaiters(db: Db, rereadMs: number) {
  const waiters = new Map<string, Set<() => void>>();

  function notify(jobId: string) {
    const set = waiters.get(jobId);
    if (set) for (const fn of set) fn();
  }

  /** Resolves with the job's row once it is done or failed (or null after the timeout). */
  async function waitFor(jobId: string, timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const [row] = await db.select().from(jobs).where(eq(jobs.id, jobId));
      if (!row) return null;
      if (row.status === 'done' || row.status === 'failed') return row;
      await new Promise<void>((resolve) => {
        const set = waiters.get(jobId) ?? new Set();
        const done = () => {
          set.delete(done);
          if (set.size === 0) waiters.delete(jobId);
          clearTimeout(t);
          resolve();
        };
        const t = setTimeout(done, Math.min(rereadMs, Math.max(0, deadline - Date.now())));
        set.add(done);
        waiters.set(jobId, set);
      });
    }
    return null;
  }

  return { notify, waitFor };
}
