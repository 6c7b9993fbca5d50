import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { models, trainingImages } from '../../db/schema/index';

export type ModelRow = typeof models.$inferSelect;
export type TrainingImageRow = typeof trainingImages.$inferSelect;

export function createModelsRepository(db: DbOrTx) {
  return {
    async listByUser(userId: string) {
      return db.select().from(models).where(eq(models.userId, userId)).orderBy(desc(models.createdAt), desc(models.id)).limit(500);
    },
    async byId(id: string) {
      const [row] = await db.select().from(models).where(eq(models.id, id));
      return row ?? null;
    },
    async images(modelId: string) {
      return db.select().from(trainingImages).where(eq(trainingImages.modelId, modelId)).orderBy(asc(trainingImages.createdAt), asc(trainingImages.id));
    },
    async imageCount(modelId: string) {
      const [row] = await db.select({ n: count() }).from(trainingImages).where(eq(trainingImages.modelId, modelId));
      return Number(row.n);
    },
    async countReady() {
      const [row] = await db.select({ n: count() }).from(models).where(eq(models.status, 'ready'));
      return Number(row.n);
    },
    async ownedBy(id: string, userId: string) {
      const [row] = await db.select().from(models).where(and(eq(models.id, id), eq(models.userId, userId)));
      return row ?? null;
    },
  };
}
