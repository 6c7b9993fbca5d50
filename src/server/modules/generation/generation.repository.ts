import { and, eq, sql } from 'drizzle-orm';
import { userChanged } from '../../lib/user-changes';
import type { DbOrTx } from '../../db/client';
import { findById, lockById, markRunning } from '../../db/rows';
import { baseModels, generatedImages, generations, models, presetStyles } from '../../db/schema/index';

export type GenerationRow = typeof generations.$inferSelect;
export type NewGeneratedImage = typeof generatedImages.$inferInsert;

export function createGenerationRepository(db: DbOrTx) {
  return {
    async baseModel(id: string) {
      const [row] = await db
        .select()
        .from(baseModels)
        .where(and(eq(baseModels.id, id), eq(baseModels.isActive, true)));
      return row ?? null;
    },
    async style(id: string) {
      const [row] = await db.select().from(presetStyles).where(eq(presetStyles.id, id));
      return row ?? null;
    },
    async model(id: string) {
      const [row] = await db.select().from(models).where(eq(models.id, id));
      return row ?? null;
    },
    async insert(values: typeof generations.$inferInsert) {
      const [row] = await db.insert(generations).values(values).returning();
      return row;
    },
    byId: (id: string) => findById(db, generations, id),
    /** Locks the row so two settlers (job and watchdog, or two workers) cannot both refund. */
    lockById: (id: string) => lockById(db, generations, id),
    markRunning: (id: string) => markRunning(db, generations, id),
    async finish(
      id: string,
      values: { status: GenerationRow['status']; delivered: number; error: string | null },
    ) {
      await db
        .update(generations)
        .set({ ...values, completedAt: new Date() })
        .where(eq(generations.id, id));
    },
    async deliveredCount(generationId: string) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(generatedImages)
        .where(eq(generatedImages.generationId, generationId));
      return row.n;
    },
    /** Idempotent: image ids are derived from the generation, so a resumed job never doubles a row. */
    async insertImage(values: NewGeneratedImage) {
      await db.insert(generatedImages).values(values).onConflictDoNothing({ target: generatedImages.id });
      userChanged(values.userId);
    },
  };
}
