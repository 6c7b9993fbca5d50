import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { modelFaceReferences, models, trainingImages } from '../../db/schema/index';

export type FaceReferenceRow = typeof modelFaceReferences.$inferSelect;

export function createFaceReferenceRepository(db: DbOrTx) {
  return {
    async model(modelId: string) {
      const [row] = await db
        .select({ id: models.id, userId: models.userId })
        .from(models)
        .where(eq(models.id, modelId));
      return row ?? null;
    },
    async photos(modelId: string) {
      return db
        .select({ id: trainingImages.id, storageKey: trainingImages.storageKey })
        .from(trainingImages)
        .where(eq(trainingImages.modelId, modelId))
        .orderBy(asc(trainingImages.createdAt), asc(trainingImages.id));
    },
    async cached(modelId: string): Promise<FaceReferenceRow | null> {
      const [row] = await db
        .select()
        .from(modelFaceReferences)
        .where(eq(modelFaceReferences.modelId, modelId));
      return row ?? null;
    },
    async save(row: FaceReferenceRow) {
      await db
        .insert(modelFaceReferences)
        .values(row)
        .onConflictDoUpdate({ target: modelFaceReferences.modelId, set: { ...row, modelId: undefined } });
    },
  };
}
