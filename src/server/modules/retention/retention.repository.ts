import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { modelFaceReferences, models, trainingImages } from '../../db/schema/index';

/** Statuses in which no job reads the photos: the retention schedule may delete them. */
export const NEVER_TRAINED = ['pending', 'uploaded', 'failed'] as const;
const BATCH = 200;

export function createRetentionRepository(db: DbOrTx) {
  return {
    /** Ready models whose photos are still kept and that became ready before `cutoff`. */
    async readyBefore(cutoff: Date) {
      return db
        .select({ id: models.id })
        .from(models)
        .where(and(eq(models.status, 'ready'), isNull(models.photosDeletedAt), lt(models.readyAt, cutoff)))
        .limit(BATCH);
    },

    /** Models never trained to ready that hold a photo uploaded before `cutoff`. */
    async unusedBefore(cutoff: Date) {
      return db
        .selectDistinct({ id: models.id })
        .from(models)
        .innerJoin(trainingImages, eq(trainingImages.modelId, models.id))
        .where(
          and(
            inArray(models.status, [...NEVER_TRAINED]),
            isNull(models.readyAt),
            lt(trainingImages.createdAt, cutoff),
          ),
        )
        .limit(BATCH);
    },

    async photos(modelId: string, before?: Date) {
      return db
        .select({
          id: trainingImages.id,
          storageKey: trainingImages.storageKey,
          thumbKey: trainingImages.thumbKey,
        })
        .from(trainingImages)
        .where(
          and(eq(trainingImages.modelId, modelId), before ? lt(trainingImages.createdAt, before) : undefined),
        );
    },

    async deletePhotos(modelId: string, ids: string[]) {
      if (ids.length === 0) return;
      await db
        .delete(trainingImages)
        .where(and(eq(trainingImages.modelId, modelId), inArray(trainingImages.id, ids)));
    },

    async remainingPhotos(modelId: string) {
      return (
        await db
          .select({ id: trainingImages.id })
          .from(trainingImages)
          .where(eq(trainingImages.modelId, modelId))
      ).length;
    },

    /** The model's face reference (a median descriptor and a face crop): gone with the photos. */
    async deleteFaceReference(modelId: string) {
      const rows = await db
        .delete(modelFaceReferences)
        .where(eq(modelFaceReferences.modelId, modelId))
        .returning({ key: modelFaceReferences.bestCropKey });
      return rows.map((r) => r.key).filter((k): k is string => !!k);
    },
  };
}
