import type { AppDeps } from '../deps';
import { createQueue } from '../jobs/queue';
import { registerJobs } from '../register-jobs';

/**
 * Crash tests: another worker process on the same database (its own queue and worker id, the same
 * engines), to take over the jobs a killed worker held once their leases run out.
 */
export function secondWorker(deps: AppDeps): AppDeps {
  const queue = createQueue(deps.db, { pollMs: 50, log: (msg, err) => deps.log.warn({ err }, msg) });
  const next: AppDeps = { ...deps, queue };
  registerJobs(next);
  return next;
}
