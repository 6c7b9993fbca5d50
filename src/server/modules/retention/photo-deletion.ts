import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { deleteFiles } from '../../jobs/storage-cleanup';
import { trainingZipKey } from '../../storage/keys';
import { notFound } from '../../lib/errors';
import { lockModel, updateModel } from '../models';
import { createRetentionRepository } from './retention.repository';

type Deps = Pick<AppDeps, 'queue'>;

/**
 * Deletes a model's training photos (decision 025): their rows (the descriptors go with them), the
 * face reference, the training zips, the thumbnails — the files through the durable storage job in
 * this same transaction. The model record and its weights stay: a ready model keeps generating.
 * `before`: only the photos uploaded before then (the schedule for models never trained).
 * Idempotent: a second run finds nothing to delete. Returns how many photos went.
 */
export async function deleteTrainingPhotos(
  deps: Deps,
  tx: DbOrTx,
  modelId: string,
  o: { before?: Date } = {},
) {
  const repo = createRetentionRepository(tx);
  const model = await lockModel(tx, modelId);
  if (!model) throw notFound('Model not found');
  const photos = await repo.photos(modelId, o.before);
  await repo.deletePhotos(
    modelId,
    photos.map((p) => p.id),
  );
  const left = await repo.remainingPhotos(modelId);
  const keys = photos.flatMap((p) => [p.storageKey, p.thumbKey]);
  if (left === 0) {
    keys.push(...(await repo.deleteFaceReference(modelId)));
    for (let attempt = 1; attempt <= model.trainingAttempt; attempt++) {
      keys.push(trainingZipKey(model.userId, model.id, attempt));
    }
    await updateModel(tx, modelId, {
      photosDeletedAt: model.photosDeletedAt ?? new Date(),
      // the preview was one of the photos' thumbnails
      previewImageKey: null,
      zipKey: null,
      // a model that was waiting for training has nothing to train on any more
      ...(model.status === 'uploaded' ? { status: 'pending' as const } : {}),
    });
  } else if (photos.some((p) => p.thumbKey === model.previewImageKey)) {
    await updateModel(tx, modelId, { previewImageKey: null });
  }
  for (let i = 0; i < keys.length; i += 100) await deleteFiles(deps.queue, tx, keys.slice(i, i + 100));
  return photos.length;
}
