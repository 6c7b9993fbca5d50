import type { AppDeps } from '../../deps';
import { defineChain, startChain } from '../../jobs/chain';
import { createAuditService } from './audit.service';
import { purgeSecurityEvents } from './security-events';

const DAY_MS = 86_400_000;
export const JOB_AUDIT_PURGE = 'audit.purge';

/**
 * The audit log's retention (config.privacy.auditLogRetentionDays): a durable job that deletes older
 * entries and reschedules itself a day later. Its singleton key keeps one chain per database, so many
 * instances purge once a day between them, and a restart picks the chain up. `now` is injectable for
 * tests that move the clock.
 */
export function defineAuditJobs(deps: AppDeps, opts: { now?: () => Date } = {}) {
  const now = opts.now ?? (() => new Date());
  defineChain(deps.queue, {
    name: JOB_AUDIT_PURGE,
    run: async (ctx) => {
      const days = deps.config.privacy.auditLogRetentionDays;
      const removed =
        (await createAuditService(deps).purge(days, now())) +
        (await purgeSecurityEvents(deps.db, days, now()));
      if (removed > 0) deps.log.info({ removed }, 'audit log: entries past retention deleted');
      return ctx.retryIn(DAY_MS);
    },
  });
}

export async function scheduleAuditPurge(deps: AppDeps) {
  await startChain(deps.queue, JOB_AUDIT_PURGE, 60_000);
}
