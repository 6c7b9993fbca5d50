import { and, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { adminAuditLog, users } from '../../db/schema/index';
import { beforeCursor, exactTime, type Cursor } from '../../lib/cursor';
import { deleteInBatches } from '../../lib/batches';

export type AuditRow = typeof adminAuditLog.$inferSelect;
export type AuditInsert = typeof adminAuditLog.$inferInsert;

export type AuditFilters = {
  action?: string;
  adminId?: string;
  targetUserId?: string;
  /** inclusive lower bound */
  from?: Date;
  /** exclusive upper bound */
  until?: Date;
};

// Rows the purge deletes per statement: a long retention backlog never holds one huge lock.
const PURGE_BATCH = 5000;

/**
 * The audit table's only SQL. Append-only by design: there is an insert and a read, and the purge is
 * the one delete (the table's trigger refuses any other, see migration 0013).
 */
export function createAuditRepository(db: DbOrTx) {
  return {
    async insert(values: AuditInsert) {
      const [row] = await db.insert(adminAuditLog).values(values).returning();
      return row;
    },

    /** Newest first; the target's username comes from a join, so a deleted user shows none. */
    async page(filters: AuditFilters, limit: number, cursor?: Cursor) {
      const conds: (SQL | undefined)[] = [];
      if (filters.action) conds.push(eq(adminAuditLog.action, filters.action));
      if (filters.adminId) conds.push(eq(adminAuditLog.adminId, filters.adminId));
      if (filters.targetUserId) conds.push(eq(adminAuditLog.targetUserId, filters.targetUserId));
      if (filters.from) conds.push(gte(adminAuditLog.createdAt, filters.from));
      if (filters.until) conds.push(lt(adminAuditLog.createdAt, filters.until));
      if (cursor) conds.push(beforeCursor(adminAuditLog.createdAt, adminAuditLog.id, cursor));
      return db
        .select({
          entry: adminAuditLog,
          targetUsername: users.username,
          cursorTs: exactTime(adminAuditLog.createdAt),
        })
        .from(adminAuditLog)
        .leftJoin(users, eq(users.id, adminAuditLog.targetUserId))
        .where(and(...conds))
        .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
        .limit(limit);
    },

    /**
     * Deletes entries created before `cutoff`, in batches, each in its own transaction that sets the
     * flag the append-only trigger lets through. Returns how many rows went.
     */
    async purgeBefore(cutoff: Date) {
      return deleteInBatches(PURGE_BATCH, (limit) =>
        db.transaction(async (tx) => {
          await tx.execute(sql`select set_config('lora.audit_purge', 'on', true)`);
          const old = tx
            .select({ id: adminAuditLog.id })
            .from(adminAuditLog)
            .where(lt(adminAuditLog.createdAt, cutoff))
            .limit(limit);
          const gone = await tx
            .delete(adminAuditLog)
            .where(inArray(adminAuditLog.id, old))
            .returning({ id: adminAuditLog.id });
          return gone.length;
        }),
      );
    },
  };
}
