// What other modules (and app-level composition) may use of audit/ (docs/architecture.md "Module walls").
export { createAudited, recordAdminAction, recordAdminChange, type AdminActor } from './audit.service';
export { defineAuditJobs, scheduleAuditPurge } from './audit.jobs';
export {
  coarsenAddress,
  recordSecurityEvent,
  securityActivity,
  type SecurityEventInput,
} from './security-events';
