import { and, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { offlinePaymentIntents } from '../../db/schema/index';

export type OfflineIntentRow = typeof offlinePaymentIntents.$inferSelect;

// Storage of the offline payment provider. Each write is one statement, so concurrent confirms
// settle on the database (a succeeded intent never changes again).
export function createOfflineIntentsRepository(db: DbOrTx) {
  return {
    async byId(id: string) {
      const [row] = await db.select().from(offlinePaymentIntents).where(eq(offlinePaymentIntents.id, id));
      return row ?? null;
    },
    async byIdempotencyKey(key: string) {
      const [row] = await db
        .select()
        .from(offlinePaymentIntents)
        .where(eq(offlinePaymentIntents.idempotencyKey, key));
      return row ?? null;
    },
    /** Inserts unless the idempotency key exists; either way answers the stored intent. */
    async insert(values: typeof offlinePaymentIntents.$inferInsert) {
      const [row] = await db.insert(offlinePaymentIntents).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },
    async markSucceeded(id: string, cardLast4: string) {
      const [row] = await db
        .update(offlinePaymentIntents)
        .set({ status: 'succeeded', cardLast4, lastError: null, updatedAt: new Date() })
        .where(
          and(
            eq(offlinePaymentIntents.id, id),
            inArray(offlinePaymentIntents.status, ['requires_payment_method', 'requires_confirmation']),
          ),
        )
        .returning();
      return row ?? null;
    },
    async markDeclined(id: string, cardLast4: string, error: string) {
      const [row] = await db
        .update(offlinePaymentIntents)
        .set({ status: 'requires_payment_method', cardLast4, lastError: error, updatedAt: new Date() })
        .where(
          and(
            eq(offlinePaymentIntents.id, id),
            ne(offlinePaymentIntents.status, 'succeeded'),
            ne(offlinePaymentIntents.status, 'canceled'),
          ),
        )
        .returning();
      return row ?? null;
    },
  };
}
