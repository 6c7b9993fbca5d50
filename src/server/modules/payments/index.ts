// What other modules (and app-level composition) may use of payments/ (docs/architecture.md "Module walls").
export { definePaymentsJobs, schedulePaymentsReconcile } from './payments.jobs';
export { createSalesService } from './sales.service';
