import { and, inArray, lt } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDeps } from '../deps';
import { jobs, rateLimits } from '../db/schema/index';
import { createAuthRepository } from '../modules/auth/auth.repository';

const HOUR = 3_600_000;

// Housekeeping that keeps the shared tables small: expired sessions, stale rate-limit windows and
// finished jobs older than a week. It reschedules itself, so exactly one chain runs per database.
export function defineMaintenanceJob(deps: AppDeps) {
  deps.queue.define({
    name: 'maintenance',
    schema: z.object({}),
    handler: async (_p, ctx) => {
      await createAuthRepository(deps.db).deleteExpiredSessions();
      await deps.db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(Date.now() - 24 * HOUR)));
      await deps.db.delete(jobs).where(and(inArray(jobs.status, ['done', 'failed']), lt(jobs.finishedAt, new Date(Date.now() - 7 * 24 * HOUR))));
      return ctx.retryIn(HOUR);
    },
  });
}

export async function scheduleMaintenance(deps: AppDeps) {
  await deps.queue.enqueue('maintenance', {}, { singletonKey: 'maintenance', delayMs: 60_000 });
}
