import { and, avg, count, eq, gt, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { generatedImages } from '../../db/schema/index';

export function createLikenessRepository(db: DbOrTx) {
  return {
    async image(id: string) {
      const [row] = await db
        .select({
          id: generatedImages.id,
          modelId: generatedImages.modelId,
          userId: generatedImages.userId,
          storageKey: generatedImages.storageKey,
          loraStrength: generatedImages.loraStrength,
        })
        .from(generatedImages)
        .where(eq(generatedImages.id, id));
      return row ?? null;
    },
    async setLikeness(id: string, likeness: number | null) {
      await db.update(generatedImages).set({ likeness }).where(eq(generatedImages.id, id));
    },
    /** Average score and how many images were scored, per model (admin view). */
    async averages(modelIds: string[]) {
      if (modelIds.length === 0) return new Map<string, { average: number; scored: number }>();
      const rows = await db
        .select({
          modelId: generatedImages.modelId,
          average: avg(generatedImages.likeness).mapWith(Number),
          scored: count(),
        })
        .from(generatedImages)
        .where(
          and(
            inArray(generatedImages.modelId, modelIds),
            isNotNull(generatedImages.likeness),
            // decision 022: a LoRA-weight-0 image is not of the person; one scored before issue 23 is left out
            or(isNull(generatedImages.loraStrength), gt(generatedImages.loraStrength, 0)),
          ),
        )
        .groupBy(generatedImages.modelId);
      return new Map(
        rows.map((r) => [r.modelId!, { average: Math.round(r.average), scored: r.scored }] as const),
      );
    },
  };
}
