// What other modules (and app-level composition) may use of account-deletion/ (docs/architecture.md "Module walls").
export { defineAccountDeletionJobs } from './account-deletion.job';
