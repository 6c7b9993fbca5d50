import type { AppDeps } from '../deps';
import { defineChain, startChain } from './chain';
import { createRateLimiter } from '../lib/rate-limiter';

const HOUR = 3_600_000;
export const JOB_MAINTENANCE = 'system.maintenance';

/** A module's own housekeeping step (e.g. auth's expired sessions), handed in by register-jobs.ts. */
export type MaintenanceSweep = () => Promise<void>;

// Housekeeping that keeps the shared tables small: expired sessions, stale rate-limit windows and
// finished jobs older than a week, each deleted by the code that owns its table. It reschedules
// itself, so exactly one chain runs per database.
export function defineMaintenanceJob(deps: AppDeps, sweeps: MaintenanceSweep[]) {
  defineChain(deps.queue, {
    name: JOB_MAINTENANCE,
    run: async (ctx) => {
      for (const sweep of sweeps) await sweep();
      await createRateLimiter(deps.db).deleteStale(new Date(Date.now() - 24 * HOUR));
      await deps.queue.purgeFinished(new Date(Date.now() - 7 * 24 * HOUR));
      return ctx.retryIn(HOUR);
    },
  });
}

export async function scheduleMaintenance(deps: AppDeps) {
  await startChain(deps.queue, JOB_MAINTENANCE, 60_000);
}
