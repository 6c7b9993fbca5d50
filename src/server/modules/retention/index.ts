// What other modules (and app-level composition) may use of retention/ (docs/architecture.md "Module walls").
export { defineRetentionJob, scheduleRetention } from './retention.job';
