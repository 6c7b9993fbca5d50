import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import type { HostUploadInput } from '../../engines/hosting/hosting';
import { UPLOAD_CALL_TIMEOUT_MS } from '../../engines/hosting/runware';
import { requestBudgetMs } from '../../engines/images/runware-tasks';
import { type TrainingJobInput } from '../../engines/training/training';
import type { JobContext } from '../../jobs/queue';
import { HOST_UPLOAD_MAX_RETRIES } from '../../../shared/constants';
import { progressFromLogs } from '../../../shared/training-progress';
import { createModelsRepository, type ModelRow } from '../models/models.repository';
import {
  ACTIVE_STATUSES,
  failModel,
  hostingKey,
  JOB_HOSTING,
  JOB_TRAINING,
  JOB_WATCHDOG,
  refundTraining,
  startHostSeries,
  trainingInputOf,
  trainingKey,
} from './settle';
import { watchdogDelayMs } from './training.service';
import { createUploadLogsRepository, type UploadLogRow } from './upload-logs.repository';
import { EngineError } from '../../engines/engine-error';

const LOG_LIMIT = 64_000;

/** A UUID v4-shaped id derived from the upload attempt, so a resubmission after a crash is the same task. */
export function hostTaskUUID(logId: string, retry: number) {
  const h = createHash('sha256').update(`${logId}:${retry}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export function registerTrainingJobs(deps: AppDeps) {
  const models = createModelsRepository(deps.db);
  const logs = createUploadLogsRepository(deps.db);
  const retryBaseMs = deps.config.env === 'test' ? 50 : 2000;

  const trainingInput = (m: ModelRow) => trainingInputOf(deps.db, m);

  // One training attempt: start it at the provider once, then poll until it ends. Each run is short
  // and re-reads everything, so a killed worker loses nothing.
  deps.queue.define({
    name: JOB_TRAINING,
    schema: z.object({ modelId: z.uuid(), attempt: z.number().int() }),
    // a crashed worker's step is taken over after the lease; the queue's heartbeat keeps a live
    // worker's lease (a weights download may take minutes), so a start is never run twice at once
    leaseMs: deps.config.replicate ? 2 * 60_000 : 20_000,
    maxAttempts: 8,
    backoffMs: (n) => Math.min(60_000, retryBaseMs * 2 ** n),
    handler: async ({ modelId, attempt }, ctx: JobContext) => {
      const m = await models.byId(modelId);
      if (m && m.trainingAttempt === attempt && m.status !== 'training' && !m.trainingId && m.zipKey) {
        // canceled while a start was unanswered (a crash): the vendor may be running it unseen
        const engine = deps.engines.trainerFor(m.trainingProvider);
        await engine.abandon?.(await trainingInput(m));
      }
      if (!m || m.status !== 'training' || m.trainingAttempt !== attempt)
        return { kind: 'done', result: 'stale' };
      const engine = deps.engines.trainerFor(m.trainingProvider);
      const input = await trainingInput(m);
      if (!m.trainingId) {
        let started;
        try {
          // the attempt is recorded before the vendor's billable call, so a retry adopts that call's training
          started = await engine.start(input, async (r) =>
            Boolean(await models.transition(modelId, ['training'], r, attempt)),
          );
        } catch (err) {
          if (err instanceof EngineError && !err.retryable) {
            await failModel(deps, modelId, attempt, `Training could not start: ${err.message}`);
            return { kind: 'done', result: 'failed' };
          }
          // throttled: come back when Replicate said, not sooner
          if (err instanceof EngineError && err.retryAfterMs) return ctx.retryIn(err.retryAfterMs);
          throw err;
        }
        if (!started) return { kind: 'done', result: 'stale' };
        const saved = await models.transition(
          modelId,
          ['training'],
          {
            trainingId: started.trainingId,
            zipKey: started.zipKey ?? m.zipKey,
            replicateModelId: started.replicateModelId ?? m.replicateModelId,
          },
          attempt,
        );
        if (!saved) {
          // canceled or deleted while starting: stop the provider's run too
          await engine.cancel(started.trainingId).catch(() => {});
          return { kind: 'done', result: 'stale' };
        }
        return ctx.retryIn(Math.min(engine.pollMs, 1000));
      }
      let p;
      try {
        p = await engine.poll({ ...input, trainingId: m.trainingId });
      } catch (err) {
        if (err instanceof EngineError && !err.retryable) {
          await failModel(deps, modelId, attempt, `Training failed: ${err.message}`);
          return { kind: 'done', result: 'failed' };
        }
        if (err instanceof EngineError && err.retryAfterMs) return ctx.retryIn(Math.max(err.retryAfterMs, engine.pollMs));
        throw err;
      }
      const trainingLogs = p.logs.slice(-LOG_LIMIT);
      const progress = p.progress ?? progressFromLogs(trainingLogs);
      if (p.status === 'starting' || p.status === 'processing') {
        await models.transition(modelId, ['training'], { trainingLogs, trainingProgress: progress }, attempt);
        return ctx.retryIn(engine.pollMs);
      }
      if (p.status === 'succeeded') {
        const committed = await deps.db.transaction(async (tx) => {
          const moved = await createModelsRepository(tx).transition(
            modelId,
            ['training'],
            {
              status: 'training_complete',
              trainingLogs,
              trainingProgress: 100,
              trainingCompletedAt: new Date(),
              artifactKey: p.output?.artifactKey ?? null,
              weightsKey: p.output?.weightsKey ?? null,
              trainingVersion: p.output?.version ?? null,
              processingStatus: 'pending',
            },
            attempt,
          );
          if (moved) {
            const host = deps.engines.hostFor(moved);
            await createModelsRepository(tx).update(modelId, { hostingProvider: host.name });
            await startHostSeries(deps, tx, moved);
          }
          return moved;
        });
        deps.queue.kick();
        if (committed && engine.release) {
          // the weights are ours now: what the vendor keeps for the training is only clutter
          await engine
            .release({ replicateModelId: committed.replicateModelId, version: committed.trainingVersion })
            .catch((err) => deps.log.warn({ err, modelId }, 'could not release the vendor copy of a training'));
        }
        return { kind: 'done', result: 'succeeded' };
      }
      await failModel(deps, modelId, attempt, p.error ?? `Training ${p.status}`, {
        trainingLogs,
        trainingProgress: progress,
      });
      return { kind: 'done', result: p.status };
    },
    onFailed: async ({ modelId, attempt }, error) => {
      await failModel(deps, modelId, attempt, `Training failed: ${error}`);
    },
  });

  // Only an upload still under way can fail: a worker that outlived its lease (its call finally
  // erroring) must not reopen or fail an upload another worker has finished.
  async function hostFailure(m: ModelRow, log: UploadLogRow, message: string, details?: string) {
    const retryCount = log.retryCount + 1;
    if (retryCount < HOST_UPLOAD_MAX_RETRIES) {
      await logs.update(
        log.id,
        {
          status: 'pending',
          retryCount,
          message: `Upload failed, retrying (${retryCount}/${HOST_UPLOAD_MAX_RETRIES})`,
          errorDetails: details ?? message,
        },
        ['pending', 'processing'],
      );
      return false;
    }
    await deps.db.transaction(async (tx) => {
      const failed = await createUploadLogsRepository(tx).update(
        log.id,
        {
          status: 'failed',
          retryCount,
          message: 'Upload to Runware failed',
          errorDetails: details ?? message,
        },
        ['pending', 'processing'],
      );
      if (!failed) return;
      const r = createModelsRepository(tx);
      if (m.status === 'ready') {
        await r.update(m.id, { processingStatus: 'failed' });
        return;
      }
      const moved = await r.transition(m.id, ['training_complete', 'processing'], {
        status: 'failed',
        processingStatus: 'failed',
        trainingError: `Model upload failed: ${message}`.slice(0, 2000),
      });
      if (moved) await refundTraining(tx, moved, moved.trainingAttempt, 'model upload failed');
    });
    return true;
  }

  // One series of host uploads: submit, poll, retry with backoff up to 5 times (DECISIONS 12).
  deps.queue.define({
    name: JOB_HOSTING,
    schema: z.object({ modelId: z.uuid(), logId: z.uuid() }),
    // longer than one modelUpload call at its full retry budget: a slow upload is not re-issued by a
    // second worker while the first still waits for it
    leaseMs: deps.config.runware ? requestBudgetMs(UPLOAD_CALL_TIMEOUT_MS) + 60_000 : 20_000,
    maxAttempts: 8,
    backoffMs: (n) => Math.min(60_000, retryBaseMs * 2 ** n),
    handler: async ({ modelId, logId }, ctx) => {
      let log = await logs.byId(logId);
      let m = await models.byId(modelId);
      if (!log || !m || log.status === 'success' || log.status === 'failed')
        return { kind: 'done', result: 'stale' };
      if (m.status === 'training_complete') {
        m =
          (await models.transition(modelId, ['training_complete'], {
            status: 'processing',
            processingStatus: 'processing',
          })) ?? m;
      }
      if (m.status !== 'processing' && m.status !== 'ready') {
        await logs.update(
          log.id,
          { status: 'failed', message: 'Upload canceled', errorDetails: `Model is ${m.status}` },
          ['pending', 'processing'],
        );
        return { kind: 'done', result: 'stale' };
      }
      const engine = deps.engines.hostFor(m);
      const input: HostUploadInput = {
        modelId,
        userId: m.userId,
        modelName: m.name,
        triggerWord: m.triggerWord,
        taskUUID: hostTaskUUID(log.id, log.retryCount),
        series: log.series,
        weightsKey: m.weightsKey,
        artifactKey: m.artifactKey,
        submittedAt: log.updatedAt,
      };
      const backoff = () => Math.min(60_000, retryBaseMs * 2 ** log!.retryCount);
      if (log.status === 'pending') {
        try {
          await engine.submit(input);
        } catch (err) {
          // a passing condition (capacity, network) is not a failed upload: try again later (the
          // watchdog bounds how long)
          if (err instanceof EngineError && err.retryable) return ctx.retryIn(backoff());
          if (!(err instanceof Error)) throw err;
          const done = await hostFailure(m, log, err.message);
          return done ? { kind: 'done', result: 'failed' } : ctx.retryIn(backoff());
        }
        log = (await logs.update(log.id, { status: 'processing', message: 'Uploading model to Runware' }, [
          'pending',
        ]))!;
        return ctx.retryIn(Math.min(engine.pollMs, 1000));
      }
      let p;
      try {
        p = await engine.poll(input);
      } catch (err) {
        if (err instanceof EngineError && err.retryable) return ctx.retryIn(backoff());
        if (!(err instanceof Error)) throw err;
        p = { status: 'failed' as const, message: err.message };
      }
      if (p.status === 'processing') {
        if (Date.now() - log.updatedAt.getTime() > engine.maxDurationMs) {
          const done = await hostFailure(m, log, 'Upload timed out');
          return done ? { kind: 'done', result: 'failed' } : ctx.retryIn(backoff());
        }
        return ctx.retryIn(engine.pollMs);
      }
      if (p.status === 'failed') {
        const done = await hostFailure(m, log, p.message, 'details' in p ? p.details : undefined);
        return done ? { kind: 'done', result: 'failed' } : ctx.retryIn(backoff());
      }
      const air = p.air;
      await deps.db.transaction(async (tx) => {
        await createUploadLogsRepository(tx).update(logId, {
          status: 'success',
          airName: air,
          message: p.message,
          errorDetails: null,
        });
        await createModelsRepository(tx).transition(modelId, ['processing', 'ready', 'failed'], {
          status: 'ready',
          runwareAirName: air,
          processingStatus: 'ready',
          readyAt: new Date(),
          trainingError: null,
        });
      });
      return { kind: 'done', result: 'ready' };
    },
    onFailed: async ({ modelId, logId }, error) => {
      const log = await logs.byId(logId);
      const m = await models.byId(modelId);
      if (!log || !m || log.status === 'success' || log.status === 'failed') return;
      await hostFailure(m, { ...log, retryCount: HOST_UPLOAD_MAX_RETRIES - 1 }, error);
    },
  });

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
