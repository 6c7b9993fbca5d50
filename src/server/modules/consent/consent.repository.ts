import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  generatedImages,
  modelFaceReferences,
  models,
  trainingImages,
  userPrivacy,
} from '../../db/schema/index';

export type UserPrivacyRow = typeof userPrivacy.$inferSelect;

export function createConsentRepository(db: DbOrTx) {
  return {
    /**
     * The user's answer. With `lock`, a share lock on the row: a job that stores a descriptor holds
     * it until it commits, so a "switch off" (which updates the row) waits for that job and the
     * clean-up it enqueues sees the descriptor (decision 025).
     */
    async get(userId: string, o: { lock?: boolean } = {}): Promise<UserPrivacyRow | null> {
      const q = db.select().from(userPrivacy).where(eq(userPrivacy.userId, userId));
      const [row] = o.lock ? await q.for('share') : await q;
      return row ?? null;
    },

    async save(row: Omit<UserPrivacyRow, 'updatedAt'>) {
      const [saved] = await db
        .insert(userPrivacy)
        .values({ ...row, updatedAt: new Date() })
        .onConflictDoUpdate({
          target: userPrivacy.userId,
          set: {
            faceAnalysis: row.faceAnalysis,
            faceAnalysisAt: row.faceAnalysisAt,
            noticeVersion: row.noticeVersion,
            updatedAt: new Date(),
          },
        })
        .returning();
      return saved;
    },

    /** Every face descriptor and likeness score of the user; the photos and images stay. */
    async forgetFaces(userId: string) {
      const photos = await db
        .update(trainingImages)
        .set({ faceDescriptor: null, faceDistance: null })
        .where(eq(trainingImages.userId, userId))
        .returning({ id: trainingImages.id });
      const owned = db.select({ id: models.id }).from(models).where(eq(models.userId, userId));
      const references = await db
        .delete(modelFaceReferences)
        .where(inArray(modelFaceReferences.modelId, owned))
        .returning({ modelId: modelFaceReferences.modelId });
      const scores = await db
        .update(generatedImages)
        .set({ likeness: null })
        .where(eq(generatedImages.userId, userId))
        .returning({ id: generatedImages.id });
      return {
        photos: photos.length,
        references: references.length,
        scores: scores.length,
      };
    },
  };
}
