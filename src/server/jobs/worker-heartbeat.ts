import os from 'node:os';
import { eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { workers } from '../db/schema/index';

export const WORKER_HEARTBEAT_MS = 15_000;
/** A worker not seen for this long is shown as gone (several missed heartbeats). */
export const WORKER_GONE_MS = 3 * 60_000;
/** Rows of processes gone this long are deleted by the next heartbeat of any worker. */
const FORGET_AFTER_MS = 24 * 60 * 60_000;

/**
 * A process running jobs writes its row in `workers` now and every `intervalMs`, so an operator sees
 * it in the admin System panel without a port of its own. A graceful stop deletes the row.
 */
export async function startWorkerHeartbeat(
  db: Db,
  worker: { id: string; role: string; activeCount: () => number },
  opts: { intervalMs?: number; onError?: (err: unknown) => void } = {},
) {
  const startedAt = new Date();
  const beat = async () => {
    const now = new Date();
    const row = {
      id: worker.id,
      role: worker.role,
      pid: process.pid,
      host: os.hostname(),
      startedAt,
      lastSeen: now,
      activeJobs: worker.activeCount(),
    };
    await db
      .insert(workers)
      .values(row)
      .onConflictDoUpdate({ target: workers.id, set: { lastSeen: now, activeJobs: row.activeJobs } });
    await db.delete(workers).where(lt(workers.lastSeen, new Date(now.getTime() - FORGET_AFTER_MS)));
  };
  await beat();
  const timer = setInterval(() => {
    beat().catch((err) => opts.onError?.(err));
  }, opts.intervalMs ?? WORKER_HEARTBEAT_MS);
  timer.unref();
  return {
    beat,
    async stop() {
      clearInterval(timer);
      await db.delete(workers).where(eq(workers.id, worker.id));
    },
  };
}
