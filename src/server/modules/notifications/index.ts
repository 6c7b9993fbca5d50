// What other modules (and app-level composition) may use of notifications/ (docs/architecture.md
// "Module walls"): `notify` takes the caller's transaction, so the event and its notice commit together.
export { notify, purgeNotificationsBefore, type NotifyInput } from './notifications.service';
export { defineNotificationJobs } from './notifications.job';
