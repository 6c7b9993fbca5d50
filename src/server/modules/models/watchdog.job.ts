import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { createModelsRepository, type ModelRow } from './models.repository';
import {
  ACTIVE_STATUSES,
  failModel,
  hostingKey,
  JOB_HOSTING,
  JOB_TRAINING,
  JOB_WATCHDOG,
  startHostSeries,
  trainingKey,
} from './training.settle';
import { watchdogDelayMs } from './training.service';
import { createUploadLogsRepository } from './upload-logs.repository';

export function defineWatchdogJob(deps: AppDeps) {
  const models = createModelsRepository(deps.db);
  const logs = createUploadLogsRepository(deps.db);

  // Heals and settles: anything past its expected time is failed and refunded; every active model
  // has its pipeline job. Reschedules itself while any model is active.
  deps.queue.define({
    name: JOB_WATCHDOG,
    schema: z.object({}).passthrough(),
    leaseMs: 60_000,
    maxAttempts: 3,
    handler: async (_payload, ctx) => {
      const active = await models.inStatuses(ACTIVE_STATUSES);
      for (const m of active) {
        try {
          await watch(m);
        } catch (err) {
          deps.log.warn({ err, modelId: m.id }, 'watchdog check failed');
        }
      }
      if (active.length === 0) return { kind: 'done', result: 'idle' };
      return ctx.retryIn(watchdogDelayMs(deps));
    },
  });

  async function watch(m: ModelRow) {
    if (m.status === 'training') {
      const engine = deps.engines.trainerFor(m.trainingProvider);
      const started = m.trainingStartedAt?.getTime() ?? m.updatedAt.getTime();
      if (Date.now() - started > engine.maxDurationMs) {
        if (m.trainingId) await engine.cancel(m.trainingId).catch(() => {});
        await failModel(
          deps,
          m.id,
          m.trainingAttempt,
          'Training took too long and was stopped. Your tokens have been refunded.',
        );
        return;
      }
      await deps.queue.enqueue(
        JOB_TRAINING,
        { modelId: m.id, attempt: m.trainingAttempt },
        { singletonKey: trainingKey(m.id, m.trainingAttempt) },
      );
      return;
    }
    const log = await logs.latestForModel(m.id);
    if (!log || log.status === 'failed') {
      // training succeeded but no upload is running (e.g. a crash between steps): start a series
      if (!log) {
        await deps.db.transaction(async (tx) => startHostSeries(deps, tx, m));
      } else {
        await failModel(deps, m.id, m.trainingAttempt, 'Model upload failed', { processingStatus: 'failed' });
      }
      return;
    }
    if (log.status === 'success') return;
    const host = deps.engines.hostFor(m);
    if (Date.now() - log.createdAt.getTime() > host.maxDurationMs + 30 * 60_000) {
      await logs.update(
        log.id,
        { status: 'failed', message: 'Upload timed out', errorDetails: 'No answer from the host in time' },
        ['pending', 'processing'],
      );
      await failModel(
        deps,
        m.id,
        m.trainingAttempt,
        'Model upload took too long. Your tokens have been refunded.',
        { processingStatus: 'failed' },
      );
      return;
    }
    await deps.queue.enqueue(
      JOB_HOSTING,
      { modelId: m.id, logId: log.id },
      { singletonKey: hostingKey(log.id) },
    );
  }
}
