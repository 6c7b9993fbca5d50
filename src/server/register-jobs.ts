import type { AppDeps } from './deps';
import { defineMaintenanceJob } from './jobs/maintenance';
import { defineStorageJobs } from './jobs/storage-cleanup';
import { SERVER_MODULES } from './server-modules';

// Every module's jobs (server-modules.ts), for both web (enqueue) and worker roles, and the
// infrastructure's own. App-level composition, beside app.ts: the queue in jobs/ never imports a module.
export function registerJobs(deps: AppDeps) {
  defineMaintenanceJob(
    deps,
    SERVER_MODULES.flatMap((m) => m.sweeps?.(deps) ?? []),
  );
  defineStorageJobs(deps);
  for (const m of SERVER_MODULES) m.jobs?.(deps);
}
