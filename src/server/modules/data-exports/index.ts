// What other modules (and app-level composition) may use of data-exports/ (docs/architecture.md "Module walls").
export { defineDataExportJobs, scheduleExportExpiry } from './data-exports.job';
