import { defineChain, startChain } from '../../jobs/chain';
import type { AppDeps } from '../../deps';
import { purgeNotificationsBefore } from '../notifications';
import { purgeDeletedEmailsBefore } from '../users';
import { deleteTrainingPhotos } from './photo-deletion';
import { createRetentionRepository } from './retention.repository';

export const JOB_RETENTION = 'privacy.retention';
const DAY = 86_400_000;

/**
 * One pass of the retention schedule at `now` (decision 025), read from config.privacy — the same
 * numbers GET /api/config and the Privacy page show:
 * - photos of a ready model, `photoRetentionDays` after it became ready (the weights stay);
 * - photos of a model never trained to ready, `unusedModelPhotoDays` after their upload;
 * - notifications, read or not, `notificationRetentionDays` after they were made;
 * - deleted accounts' e-mail hashes (the welcome-bonus rule), `deletedEmailRetentionDays` after the deletion.
 * Each model in its own transaction; safe to run twice (what is gone is not found again).
 */
export async function runRetention(deps: AppDeps, now: Date) {
  const { photoRetentionDays, unusedModelPhotoDays } = deps.config.privacy;
  const repo = createRetentionRepository(deps.db);
  let models = 0;
  let photos = 0;
  const readyCutoff = new Date(now.getTime() - photoRetentionDays * DAY);
  const unusedCutoff = new Date(now.getTime() - unusedModelPhotoDays * DAY);
  // batches until nothing is left, so a large backlog is cleared in one run
  for (;;) {
    const batch = await repo.readyBefore(readyCutoff);
    for (const m of batch) {
      photos += await deps.db.transaction((tx) => deleteTrainingPhotos(deps, tx, m.id));
      models++;
    }
    if (batch.length === 0) break;
  }
  for (;;) {
    const batch = await repo.unusedBefore(unusedCutoff);
    for (const m of batch) {
      photos += await deps.db.transaction((tx) =>
        deleteTrainingPhotos(deps, tx, m.id, { before: unusedCutoff }),
      );
      models++;
    }
    if (batch.length === 0) break;
  }
  const notifications = await purgeNotificationsBefore(
    deps.db,
    new Date(now.getTime() - deps.config.privacy.notificationRetentionDays * DAY),
  );
  const deletedEmails = await purgeDeletedEmailsBefore(
    deps.db,
    new Date(now.getTime() - deps.config.privacy.deletedEmailRetentionDays * DAY),
  );
  deps.queue.kick();
  return { models, photos, notifications, deletedEmails };
}

/**
 * The daily run: one chain per database (its singleton key), rescheduling itself a day later, so
 * however many instances start it runs once a day. `clock` is injectable for tests.
 */
export function defineRetentionJob(deps: AppDeps, clock: () => Date = () => new Date()) {
  defineChain(deps.queue, {
    name: JOB_RETENTION,
    maxAttempts: 20,
    leaseMs: 10 * 60_000,
    run: async (ctx) => {
      const result = await runRetention(deps, clock());
      deps.log.info(result, 'retention schedule applied');
      return ctx.retryIn(DAY);
    },
  });
}

export async function scheduleRetention(deps: AppDeps) {
  await startChain(deps.queue, JOB_RETENTION, 5 * 60_000);
}
