import type { AppDeps } from './deps';
import { defineMaintenanceJob } from './jobs/maintenance';
import { defineStorageJobs } from './jobs/storage-cleanup';
import { defineAccountDeletionJobs } from './modules/account-deletion';
import { defineAuditJobs } from './modules/audit';
import { defineBackupJob } from './modules/backup';
import { defineAuthJobs, deleteExpiredSessions } from './modules/auth';
import { defineConsentJobs } from './modules/consent';
import { defineDataExportJobs } from './modules/data-exports';
import { defineGenerationJob } from './modules/generation';
import { defineLikenessJob } from './modules/likeness';
import { registerTrainingJobs } from './modules/models';
import { definePacksJobs } from './modules/packs';
import { defineNotificationJobs } from './modules/notifications';
import { definePaymentsJobs } from './modules/payments';
import { defineRetentionJob } from './modules/retention';
import { defineStylesJobs } from './modules/styles';
import { defineUpscaleJob } from './modules/upscale';
import { pruneWebVitals } from './modules/vitals';

// Each domain that runs durable work adds its job definitions here, for both web (enqueue) and worker
// roles. App-level composition, beside app.ts: the queue in jobs/ never imports a module.
export function registerJobs(deps: AppDeps) {
  defineMaintenanceJob(deps, [
    () => deleteExpiredSessions(deps.db),
    () => pruneWebVitals(deps.db, deps.config.vitals.retentionDays),
  ]);
  defineGenerationJob(deps);
  defineLikenessJob(deps);
  registerTrainingJobs(deps);
  definePaymentsJobs(deps);
  defineAuthJobs(deps);
  defineStorageJobs(deps);
  defineStylesJobs(deps);
  defineAuditJobs(deps);
  defineAccountDeletionJobs(deps);
  defineDataExportJobs(deps);
  defineConsentJobs(deps);
  defineRetentionJob(deps);
  definePacksJobs(deps);
  defineUpscaleJob(deps);
  defineNotificationJobs(deps);
  defineBackupJob(deps);
}
