import type { AppDeps } from '../../deps';
import { conflict, notFound } from '../../lib/errors';
import { MIN_TRAINING_IMAGES, TRAINING_COST } from '../../../shared/constants';
import { INSUFFICIENT_TRAINING_TOKENS } from '../../../shared/schemas/models';
import { applyLedgerEntry } from '../tokens';
import { recordAdminAction, recordAdminChange, type AdminActor } from '../audit';
import { accessModel, type ModelActor } from './model-access';
import { createModelsRepository, type ModelRow } from './models.repository';
import { toTrainingStatus } from './training-status';
import { noticeModelReady } from './model-notices';
import { PHOTOS_DELETED_MESSAGE } from '../../../shared/privacy-notices';
import { createUploadLogsRepository } from './upload-logs.repository';
import {
  ACTIVE_STATUSES,
  JOB_TRAINING,
  JOB_WATCHDOG,
  refundTraining,
  startHostSeries,
  trainingInputOf,
  trainingKey,
} from './training.settle';
import { modelPrefix } from '../../storage/keys';
import { deleteFilesUnder } from '../../jobs/storage-cleanup';
import { removeHostedCopy } from './hosted-copy.job';

type Actor = ModelActor;

export function watchdogDelayMs(deps: Pick<AppDeps, 'config'>) {
  return deps.config.timings.watchdogMs;
}

export function createTrainingService(deps: AppDeps) {
  const repo = createModelsRepository(deps.db);

  async function bestEffortCancel(model: ModelRow) {
    const engine = deps.engines.trainerFor(model.trainingProvider);
    try {
      // no id yet: a start may be out at the vendor unanswered (a crash); the engine looks for it
      if (!model.trainingId) await engine.abandon?.(await trainingInputOf(deps.db, model));
      else await engine.cancel(model.trainingId);
    } catch (err) {
      deps.log.warn({ err, modelId: model.id }, 'cancelling the training at the provider failed');
    }
  }

  return {
    /**
     * Charges 150 tokens and moves the model to training in ONE transaction with the job enqueue:
     * either all happen or none (a concurrent second click finds the model already training → 409).
     */
    async start(actor: Actor, id: string, opts: { retry: boolean }) {
      const model = await deps.db.transaction(async (tx) => {
        const r = createModelsRepository(tx);
        const m = accessModel(await r.lock(id), actor);
        // the retention schedule or the owner deleted the photos: new ones first (decision 025)
        if (m.photosDeletedAt && (await r.imageCount(id)) < MIN_TRAINING_IMAGES) {
          throw conflict(PHOTOS_DELETED_MESSAGE, 'PHOTOS_DELETED');
        }
        if (opts.retry ? m.status !== 'failed' : m.status !== 'uploaded') {
          throw conflict(
            opts.retry
              ? 'Only a failed model can be retried.'
              : m.status === 'training'
                ? 'Training is already in progress.'
                : 'The model is not ready for training.',
            'INVALID_MODEL_STATUS',
          );
        }
        if ((await r.imageCount(id)) < MIN_TRAINING_IMAGES) {
          throw conflict(
            `At least ${MIN_TRAINING_IMAGES} images are needed for training.`,
            'NOT_ENOUGH_IMAGES',
          );
        }
        const attempt = m.trainingAttempt + 1;
        await applyLedgerEntry(tx, {
          userId: m.userId,
          type: 'usage',
          amount: -TRAINING_COST,
          idempotencyKey: trainingKey(id, attempt),
          description: `Model training (${m.name})`,
          refType: 'model',
          refId: id,
          insufficientMessage: INSUFFICIENT_TRAINING_TOKENS,
        });
        const updated = await r.update(id, {
          status: 'training',
          trainingAttempt: attempt,
          trainingStartedAt: new Date(),
          trainingCompletedAt: null,
          trainingId: null,
          trainingProgress: 0,
          trainingLogs: '',
          trainingError: null,
          trainingProvider: deps.engines.trainer.name,
          hostingProvider: null,
          processingStatus: null,
          runwareAirName: null,
          artifactKey: null,
          weightsKey: null,
          readyAt: null,
        });
        await deps.queue.enqueue(
          JOB_TRAINING,
          { modelId: id, attempt },
          { tx, singletonKey: trainingKey(id, attempt) },
        );
        await deps.queue.enqueue(
          JOB_WATCHDOG,
          {},
          { tx, singletonKey: 'models:watchdog', delayMs: watchdogDelayMs(deps) },
        );
        return updated!;
      });
      deps.queue.kick();
      return model;
    },

    /** Stops a training and refunds it once; the model goes back to uploaded so it can be trained again. */
    async cancel(actor: Actor, id: string) {
      const before = accessModel(await repo.byId(id), actor);
      const model = await deps.db.transaction(async (tx) => {
        const r = createModelsRepository(tx);
        const m = accessModel(await r.lock(id), actor);
        if (m.status !== 'training')
          throw conflict('Only a model in training can be canceled.', 'INVALID_MODEL_STATUS');
        const moved = await r.update(id, {
          status: 'uploaded',
          trainingError: 'Training was canceled',
          trainingProgress: null,
          processingStatus: null,
        });
        await refundTraining(tx, m, m.trainingAttempt, 'training canceled');
        return moved!;
      });
      await bestEffortCancel(before);
      return model;
    },

    /** Admin: a failed model back to uploaded ("Status reset"). */
    async resetToUploaded(admin: AdminActor, id: string) {
      return deps.db.transaction(async (tx) => {
        const r = createModelsRepository(tx);
        const before = await r.lock(id);
        if (!before) throw notFound('Model not found');
        const moved = await r.transition(id, ['failed'], {
          status: 'uploaded',
          trainingError: null,
          processingStatus: null,
          trainingProgress: null,
        });
        if (!moved) throw conflict('Only a failed model can be reset.', 'INVALID_MODEL_STATUS');
        const fields = (m: ModelRow) => ({
          status: m.status,
          trainingError: m.trainingError,
          processingStatus: m.processingStatus,
          trainingProgress: m.trainingProgress,
        });
        await recordAdminChange(
          tx,
          { admin, action: 'model.status_reset', targetUserId: before.userId, entity: { type: 'model', id } },
          fields(before),
          fields(moved),
        );
        return moved;
      });
    },

    /** "Mark as Ready": training succeeded and an AIR exists; else 409. */
    async markReady(actor: Actor, id: string) {
      const m = accessModel(await repo.byId(id), actor);
      if (m.status === 'ready') return m;
      if (!m.runwareAirName)
        throw conflict('The model has no AIR ID yet. Please wait for processing to finish.', 'NO_AIR_ID');
      if (
        !['training_complete', 'processing', 'failed'].includes(m.status) ||
        (!m.artifactKey && !m.weightsKey)
      ) {
        throw conflict('Training has not succeeded for this model.', 'INVALID_MODEL_STATUS');
      }
      const moved = await deps.db.transaction(async (tx) => {
        const ready = await createModelsRepository(tx).transition(id, [m.status], {
          status: 'ready',
          processingStatus: 'ready',
          readyAt: new Date(),
        });
        if (ready) await noticeModelReady(deps, tx, ready);
        return ready;
      });
      if (!moved) throw conflict('The model changed meanwhile. Please refresh.', 'INVALID_MODEL_STATUS');
      return moved;
    },

    /** Admin: a fresh series of host uploads for a model whose training succeeded. */
    async reupload(admin: AdminActor, id: string) {
      const out = await deps.db.transaction(async (tx) => {
        const r = createModelsRepository(tx);
        const m = await r.lock(id);
        if (!m) throw notFound('Model not found');
        if (!m.artifactKey && !m.weightsKey)
          throw conflict('This model has no trained weights to upload.', 'NO_WEIGHTS');
        const latest = await createUploadLogsRepository(tx).latestForModel(id);
        if (latest && (latest.status === 'pending' || latest.status === 'processing')) {
          throw conflict('An upload for this model is already in progress.', 'UPLOAD_IN_PROGRESS');
        }
        if (m.status === 'training') throw conflict('The model is still training.', 'INVALID_MODEL_STATUS');
        const moved = await r.update(id, {
          // a ready model stays usable with its current AIR while the new upload runs
          status: m.status === 'ready' ? 'ready' : 'processing',
          processingStatus: 'processing',
          trainingError: m.status === 'ready' ? m.trainingError : null,
        });
        const log = await startHostSeries(deps, tx, moved!, 'Re-upload to Runware requested');
        await recordAdminAction(tx, {
          admin,
          action: 'model.reupload',
          targetUserId: m.userId,
          entity: { type: 'model', id },
          before: { status: m.status, processingStatus: m.processingStatus, uploadLogId: latest?.id ?? null },
          after: { status: moved!.status, processingStatus: moved!.processingStatus, uploadLogId: log.id },
        });
        await deps.queue.enqueue(
          JOB_WATCHDOG,
          {},
          { tx, singletonKey: 'models:watchdog', delayMs: watchdogDelayMs(deps) },
        );
        return { model: moved!, log };
      });
      deps.queue.kick();
      return out;
    },

    async updatePromptModifier(actor: Actor, id: string, promptModifier: string) {
      const m = accessModel(await repo.byId(id), actor);
      if (m.status !== 'ready')
        throw conflict(
          'The prompt modifier can be edited only when the model is ready.',
          'INVALID_MODEL_STATUS',
        );
      return (await repo.update(id, { promptModifier: promptModifier.trim() }))!;
    },

    /** Deleting a model in the pipeline cancels and refunds it first; its files go by a job after the commit. */
    async delete(actor: Actor, id: string) {
      const m = accessModel(await repo.byId(id), actor);
      await deps.db.transaction(async (tx) => {
        const r = createModelsRepository(tx);
        const locked = await r.lock(id);
        if (!locked) return;
        if (ACTIVE_STATUSES.includes(locked.status))
          await refundTraining(tx, locked, locked.trainingAttempt, 'model deleted');
        await r.delete(id);
        // photos, thumbnails, zips, weights, crops: all under the model's prefix (storage/keys.ts)
        await deleteFilesUnder(deps.queue, tx, modelPrefix(locked.userId, locked.id), { sweepAgain: true });
        // the LoRA a self-hosted engine loads from its own folder goes too (decision 059)
        await removeHostedCopy(deps, tx, locked);
      });
      deps.queue.kick();
      if (m.status === 'training') await bestEffortCancel(m);
    },

    /**
     * A vendor's signed training event: only a hint that the training may have changed. The pipeline
     * job re-reads the training from the vendor before any state or money moves, so duplicate and
     * out-of-order deliveries are harmless.
     */
    async trainingEvent(trainingId: string) {
      const model = await repo.byTrainingId(trainingId);
      if (model?.status === 'training') {
        await deps.queue.runNow(trainingKey(model.id, model.trainingAttempt));
      }
    },

    /** The training screen's poll: nudges the pipeline, then answers with the model's progress. */
    async status(actor: Actor, id: string) {
      const model = accessModel(await repo.byId(id), actor);
      await this.nudge(model);
      return toTrainingStatus(model, await createUploadLogsRepository(deps.db).latestForModel(model.id));
    },

    /** Manual refresh: poll the pipeline now instead of at its next scheduled step. */
    async nudge(model: ModelRow) {
      if (model.status === 'training') await deps.queue.runNow(trainingKey(model.id, model.trainingAttempt));
      deps.queue.kick();
    },
  };
}

export type TrainingService = ReturnType<typeof createTrainingService>;
