import type { AppDeps } from '../deps';
import { defineAuditJobs } from '../modules/audit/audit.jobs';
import { defineAuthJobs } from '../modules/auth/auth.jobs';
import { defineGenerationJob } from '../modules/generation/generation.job';
import { defineLikenessJob } from '../modules/likeness/likeness.job';
import { definePaymentsJobs } from '../modules/tokens/payments.jobs';
import { registerTrainingJobs } from '../modules/models/pipeline.jobs';
import { defineMaintenanceJob } from './maintenance';
import { defineConsentJobs } from '../modules/consent/consent.job';
import { defineRetentionJob } from '../modules/retention/retention.job';
import { defineStorageJobs } from './storage-cleanup';
import { defineStylesJobs } from '../modules/styles/styles.jobs';
import { defineAccountDeletionJobs } from '../modules/account-deletion/account-deletion.job';
import { defineDataExportJobs } from '../modules/data-exports/data-exports.job';

// Each domain that runs durable work adds its job definitions here, for both web (enqueue) and worker roles.
export function registerJobs(deps: AppDeps) {
  defineMaintenanceJob(deps);
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
}
