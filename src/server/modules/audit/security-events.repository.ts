import { desc, eq, inArray, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { securityEvents } from '../../db/schema/index';
import { deleteInBatches } from '../../lib/batches';

export type SecurityEventRow = typeof securityEvents.$inferSelect;
export type SecurityEventInsert = typeof securityEvents.$inferInsert;

const PURGE_BATCH = 5000;

/** The security log's only SQL (docs/decisions/056-second-factor.md). */
export function createSecurityEventsRepository(db: DbOrTx) {
  return {
    async insert(values: SecurityEventInsert) {
      await db.insert(securityEvents).values(values);
    },

    /** The newest `limit` events of one account. */
    async latest(userId: string, limit: number) {
      return db
        .select()
        .from(securityEvents)
        .where(eq(securityEvents.userId, userId))
        .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
        .limit(limit);
    },

    async purgeBefore(cutoff: Date) {
      return deleteInBatches(PURGE_BATCH, async (limit) => {
        const old = db
          .select({ id: securityEvents.id })
          .from(securityEvents)
          .where(lt(securityEvents.createdAt, cutoff))
          .limit(limit);
        const gone = await db
          .delete(securityEvents)
          .where(inArray(securityEvents.id, old))
          .returning({ id: securityEvents.id });
        return gone.length;
      });
    },
  };
}
