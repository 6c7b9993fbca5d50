import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import type { TrainingJobInput } from '../../engines/training/training';
import { TRAINING_COST, type ModelStatus } from '../../../shared/constants';
import { applyLedgerEntry, ledgerEntryByKey } from '../tokens';
import { createModelsRepository, type ModelRow } from './models.repository';
import { createUploadLogsRepository } from './upload-logs.repository';
import { noticeModelFailed } from './model-notices';

export const JOB_TRAINING = 'training.run';
export const JOB_HOSTING = 'hosting.upload';
export const JOB_WATCHDOG = 'models.watchdog';

export const trainingKey = (modelId: string, attempt: number) => `training:${modelId}:${attempt}`;
export const refundKey = (modelId: string, attempt: number) => `training-refund:${modelId}:${attempt}`;
export const hostingKey = (logId: string) => `hosting:${logId}`;

/** Statuses in which work is under way (the pipeline or the watchdog owns the model). */
export const ACTIVE_STATUSES: readonly ModelStatus[] = ['training', 'training_complete', 'processing'];

/** What a trainer needs for the model's current attempt (everything from the database). */
export async function trainingInputOf(db: DbOrTx, m: ModelRow): Promise<TrainingJobInput> {
  const images = await createModelsRepository(db).images(m.id);
  return {
    modelId: m.id,
    userId: m.userId,
    attempt: m.trainingAttempt,
    triggerWord: m.triggerWord,
    modelName: m.name,
    imageKeys: images.map((i) => i.storageKey),
    startedAt: m.trainingStartedAt ?? new Date(),
    recorded: { zipKey: m.zipKey, replicateModelId: m.replicateModelId },
  };
}

/** Gives back the charge of one training attempt; the idempotency key makes it happen at most once. */
export async function refundTraining(
  tx: DbOrTx,
  model: Pick<ModelRow, 'id' | 'name'>,
  attempt: number,
  reason: string,
) {
  const charge = await ledgerEntryByKey(tx, trainingKey(model.id, attempt));
  if (!charge || charge.amount >= 0) return null;
  return applyLedgerEntry(tx, {
    userId: charge.userId,
    type: 'refund',
    amount: -charge.amount,
    idempotencyKey: refundKey(model.id, attempt),
    description: `Refund of ${-charge.amount} tokens for model training (${model.name}): ${reason}`,
    refType: 'model',
    refId: model.id,
    refundOf: charge.id,
  });
}

/**
 * Fails a model that is still in the given attempt's pipeline, refunds that attempt and tells its
 * owner, in one transaction. Returns false when the model had already moved on (nothing changes then).
 */
export async function failModel(
  deps: Pick<AppDeps, 'db' | 'queue'>,
  modelId: string,
  attempt: number,
  reason: string,
  extra: Partial<ModelRow> = {},
) {
  return deps.db.transaction(async (tx) => {
    const repo = createModelsRepository(tx);
    const moved = await repo.transition(
      modelId,
      ACTIVE_STATUSES,
      { status: 'failed', trainingError: reason.slice(0, 2000), ...extra },
      attempt,
    );
    if (!moved) return false;
    const refund = await refundTraining(tx, moved, attempt, reason.slice(0, 200));
    await noticeModelFailed(deps, tx, moved, refund && !refund.duplicate ? refund.row.amount : null);
    return true;
  });
}

/**
 * Starts a fresh series of host uploads (docs/product/decisions.md §12): a new upload-log row and its job, in the
 * caller's transaction.
 */
export async function startHostSeries(
  deps: Pick<AppDeps, 'queue'>,
  tx: DbOrTx,
  model: ModelRow,
  message = 'Waiting to upload model to Runware',
) {
  const logs = createUploadLogsRepository(tx);
  const series = await logs.nextSeries(model.id);
  const log = await logs.create({ modelId: model.id, userId: model.userId, series, message });
  await deps.queue.enqueue(
    JOB_HOSTING,
    { modelId: model.id, logId: log.id },
    { tx, singletonKey: hostingKey(log.id) },
  );
  return log;
}

export const TRAINING_CHARGE = TRAINING_COST;
