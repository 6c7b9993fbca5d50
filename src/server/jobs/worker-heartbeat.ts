import os from 'node:os';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { workers } from '../db/schema/index';

export const WORKER_HEARTBEAT_MS = 3_000;
/**
 * A worker whose row has not been refreshed for this long (three missed heartbeats and then some) is
 * dead: the queue takes its running jobs back at once instead of waiting out their leases (queue.ts).
 */
export const WORKER_DEAD_MS = 10_000;
/** A worker not seen for this long is shown as gone (several missed heartbeats). */
export const WORKER_GONE_MS = 3 * 60_000;
/** Rows of processes gone this long are deleted by the next heartbeat of any worker. */
const FORGET_AFTER_MS = 24 * 60 * 60_000;
/** The sweep of forgotten rows runs on the first beat and then on every this-many-th. */
const FORGET_EVERY_BEATS = 20;

/**
 * A process running jobs writes its row in `workers` now and every `intervalMs`, so an operator sees
 * it in the admin System panel without a port of its own, and the queue tells a dead holder of a job
 * from a slow one. `last_seen` is the database's clock, the one the queue's claim compares it with,
 * so clock skew between hosts cannot make a live worker look dead. A graceful stop deletes the row.
 */
export async function startWorkerHeartbeat(
  db: Db,
  worker: { id: string; role: string; activeCount: () => number },
  opts: { intervalMs?: number; onError?: (err: unknown) => void } = {},
) {
  const startedAt = new Date();
  let beats = 0;
  const beat = async () => {
    const activeJobs = worker.activeCount();
    await db
      .insert(workers)
      .values({
        id: worker.id,
        role: worker.role,
        pid: process.pid,
        host: os.hostname(),
        startedAt,
        lastSeen: sql`now()`,
        activeJobs,
      })
      .onConflictDoUpdate({ target: workers.id, set: { lastSeen: sql`now()`, activeJobs } });
    if (beats++ % FORGET_EVERY_BEATS === 0)
      await db
        .delete(workers)
        .where(sql`${workers.lastSeen} < now() - make_interval(secs => ${FORGET_AFTER_MS / 1000})`);
  };
  await beat();
  let inflight: Promise<void> | undefined;
  const timer = setInterval(() => {
    inflight = beat().catch((err) => opts.onError?.(err));
  }, opts.intervalMs ?? WORKER_HEARTBEAT_MS);
  timer.unref();
  return {
    beat,
    async stop() {
      clearInterval(timer);
      // a beat still on its way would write the row back after the delete
      await inflight;
      await db.delete(workers).where(eq(workers.id, worker.id));
    },
  };
}
