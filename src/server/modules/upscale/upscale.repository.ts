import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { findById, lockById, markRunning } from '../../db/rows';
import { generatedImages, upscalePrices, upscales } from '../../db/schema/index';

export type UpscaleRow = typeof upscales.$inferSelect;
export type SourceImage = typeof generatedImages.$inferSelect;

export function createUpscaleRepository(db: DbOrTx) {
  return {
    prices: () => db.select().from(upscalePrices).orderBy(asc(upscalePrices.factor)),
    async price(factor: number) {
      const [row] = await db.select().from(upscalePrices).where(eq(upscalePrices.factor, factor));
      return row ?? null;
    },
    async lockPrice(factor: number) {
      const [row] = await db
        .select()
        .from(upscalePrices)
        .where(eq(upscalePrices.factor, factor))
        .for('update');
      return row ?? null;
    },
    async setPrice(factor: number, tokenCost: number) {
      await db
        .insert(upscalePrices)
        .values({ factor, tokenCost })
        .onConflictDoUpdate({ target: upscalePrices.factor, set: { tokenCost, updatedAt: new Date() } });
    },
    /** The owner's image; anyone else's is not found. */
    async ownedImage(id: string, userId: string): Promise<SourceImage | null> {
      const [row] = await db
        .select()
        .from(generatedImages)
        .where(and(eq(generatedImages.id, id), eq(generatedImages.userId, userId)));
      return row ?? null;
    },
    async image(id: string): Promise<SourceImage | null> {
      const [row] = await db.select().from(generatedImages).where(eq(generatedImages.id, id));
      return row ?? null;
    },
    insert: (row: typeof upscales.$inferInsert) => db.insert(upscales).values(row),
    byId: (id: string) => findById(db, upscales, id),
    lockById: (id: string) => lockById(db, upscales, id),
    markRunning: (id: string) => markRunning(db, upscales, id),
    async finish(id: string, values: Pick<UpscaleRow, 'status' | 'error' | 'resultImageId'>) {
      await db
        .update(upscales)
        .set({ ...values, completedAt: new Date() })
        .where(eq(upscales.id, id));
    },
  };
}
