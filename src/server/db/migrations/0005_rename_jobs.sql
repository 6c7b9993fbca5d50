-- Job names became <domain>.<action> (src/server/jobs/job-payloads.ts). The two self-rescheduling
-- chains under the old names would wait forever with no handler: drop them; the start enqueues the
-- new ones (scheduleMaintenance, schedulePaymentsReconcile).
DELETE FROM "jobs" WHERE "name" IN ('maintenance', 'payments-reconcile') AND "status" IN ('queued', 'running');
