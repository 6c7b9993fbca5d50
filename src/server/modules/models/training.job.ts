import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { EngineError } from '../../engines/engine-error';
import type { JobContext, JobOutcome } from '../../jobs/queue';
import type { TrainingEngine, TrainingJobInput } from '../../engines/training/training';
import { progressFromLogs } from '../../../shared/training-progress';
import { createModelsRepository, type ModelRow } from './models.repository';
import { failModel, JOB_TRAINING, startHostSeries, trainingInputOf } from './training.settle';

const LOG_LIMIT = 64_000;

export function defineTrainingJob(deps: AppDeps) {
  const models = createModelsRepository(deps.db);
  const retryBaseMs = deps.config.timings.pipelineRetryBaseMs;
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
      let trainingId = m.trainingId;
      if (!trainingId) {
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
        // a run on this worker is polled here, in this job run (see waitForChange)
        if (!engine.waitForChange) return ctx.retryIn(Math.min(engine.pollMs, 1000));
        trainingId = started.trainingId;
      }
      for (;;) {
        const outcome = await pollOnce(engine, input, trainingId, ctx);
        if (outcome !== 'wait') return outcome;
        await engine.waitForChange!(trainingId, engine.pollMs);
      }
    },
    onFailed: async ({ modelId, attempt }, error) => {
      await failModel(deps, modelId, attempt, `Training failed: ${error}`);
    },
  });

  /** One poll of the trainer and what follows from it; 'wait': a local run goes on, poll again. */
  async function pollOnce(
    engine: TrainingEngine,
    input: TrainingJobInput,
    trainingId: string,
    ctx: JobContext,
  ): Promise<JobOutcome | 'wait'> {
    const { modelId, attempt } = input;
    let p;
    try {
      p = await engine.poll({ ...input, trainingId });
    } catch (err) {
      if (err instanceof EngineError && !err.retryable) {
        await failModel(deps, modelId, attempt, `Training failed: ${err.message}`);
        return { kind: 'done', result: 'failed' };
      }
      if (err instanceof EngineError && err.retryAfterMs)
        return ctx.retryIn(Math.max(err.retryAfterMs, engine.pollMs));
      throw err;
    }
    const trainingLogs = p.logs.slice(-LOG_LIMIT);
    const progress = p.progress ?? progressFromLogs(trainingLogs);
    if (p.status === 'starting' || p.status === 'processing') {
      const still = await models.transition(
        modelId,
        ['training'],
        { trainingLogs, trainingProgress: progress },
        attempt,
      );
      if (!engine.waitForChange) return ctx.retryIn(engine.pollMs);
      if (!still) {
        // canceled, deleted or failed by the watchdog meanwhile: the run is this worker's to stop
        await engine.cancel(trainingId);
        return { kind: 'done', result: 'stale' };
      }
      return 'wait';
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
  }
}
