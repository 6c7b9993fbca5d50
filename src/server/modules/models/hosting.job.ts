import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { EngineError } from '../../engines/engine-error';
import type { HostUploadInput } from '../../engines/hosting/hosting';
import { UPLOAD_CALL_TIMEOUT_MS } from '../../engines/hosting/runware';
import { requestBudgetMs } from '../../engines/images/runware-tasks';
import { derivedUUID } from '../../lib/derived-uuid';
import { HOST_UPLOAD_MAX_RETRIES } from '../../../shared/constants';
import { createModelsRepository, type ModelRow } from './models.repository';
import { JOB_HOSTING, refundTraining } from './training.settle';
import { createUploadLogsRepository, type UploadLogRow } from './upload-logs.repository';
import { noticeModelFailed, noticeModelReady } from './model-notices';

/** How the upload log names each host (the training screen shows it). */
const HOST_LABEL = { offline: 'Runware', runware: 'Runware', comfyui: 'ComfyUI' } as const;

export function defineHostingJob(deps: AppDeps) {
  const models = createModelsRepository(deps.db);
  const logs = createUploadLogsRepository(deps.db);
  const retryBaseMs = deps.config.timings.pipelineRetryBaseMs;

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
          message: `Upload to ${HOST_LABEL[deps.engines.hostFor(m).name]} failed`,
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
      if (moved) {
        const refund = await refundTraining(tx, moved, moved.trainingAttempt, 'model upload failed');
        await noticeModelFailed(deps, tx, moved, refund && !refund.duplicate ? refund.row.amount : null);
      }
    });
    return true;
  }

  // One series of host uploads: submit, poll, retry with backoff up to 5 times (docs/product/decisions.md §12).
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
        taskUUID: derivedUUID(log.id, log.retryCount),
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
        log = (await logs.update(
          log.id,
          { status: 'processing', message: `Uploading model to ${HOST_LABEL[engine.name]}` },
          ['pending'],
        ))!;
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
        const ready = await createModelsRepository(tx).transition(
          modelId,
          ['processing', 'ready', 'failed'],
          {
            status: 'ready',
            runwareAirName: air,
            processingStatus: 'ready',
            readyAt: new Date(),
            trainingError: null,
          },
        );
        if (ready) await noticeModelReady(deps, tx, ready);
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
}
