import { and, asc, desc, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  dataExports,
  generatedImages,
  models,
  payments,
  sessions,
  supportTickets,
  ticketNotes,
  trainingImages,
  transactions,
  users,
} from '../../db/schema/index';

export type DataExportRow = typeof dataExports.$inferSelect;

/** Every SQL statement of the data export (issue 22, item 5). */
export function createDataExportsRepository(db: DbOrTx) {
  return {
    /** null when the user already has an export pending (the partial unique index). */
    async insertPending(userId: string) {
      const [row] = await db.insert(dataExports).values({ userId }).onConflictDoNothing().returning();
      return row ?? null;
    },
    async byId(id: string) {
      const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id));
      return row ?? null;
    },
    async latestOf(userId: string) {
      const [row] = await db
        .select()
        .from(dataExports)
        .where(eq(dataExports.userId, userId))
        .orderBy(desc(dataExports.createdAt))
        .limit(1);
      return row ?? null;
    },
    async markReady(id: string, v: { storageKey: string; bytes: number; expiresAt: Date }) {
      const [row] = await db
        .update(dataExports)
        .set({ status: 'ready', ...v, completedAt: new Date(), error: null })
        .where(and(eq(dataExports.id, id), eq(dataExports.status, 'pending')))
        .returning();
      return row ?? null;
    },
    async markFailed(id: string, error: string) {
      await db
        .update(dataExports)
        .set({ status: 'failed', error: error.slice(0, 500), completedAt: new Date() })
        .where(and(eq(dataExports.id, id), eq(dataExports.status, 'pending')));
    },
    /** Ready exports past their link's life, and failed ones older than a day (nothing to offer). */
    async expired(now: Date, limit: number) {
      return db
        .select()
        .from(dataExports)
        .where(
          or(
            and(eq(dataExports.status, 'ready'), lt(dataExports.expiresAt, now)),
            and(
              eq(dataExports.status, 'failed'),
              lt(dataExports.createdAt, new Date(now.getTime() - 86_400_000)),
            ),
          ),
        )
        .orderBy(asc(dataExports.expiresAt))
        .limit(limit);
    },
    async delete(id: string) {
      await db.delete(dataExports).where(eq(dataExports.id, id));
    },

    // what goes into the archive
    async user(userId: string) {
      const [row] = await db.select().from(users).where(eq(users.id, userId));
      return row ?? null;
    },
    async sessionsOf(userId: string) {
      return db
        .select({
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
          userAgent: sessions.userAgent,
        })
        .from(sessions)
        .where(eq(sessions.userId, userId));
    },
    async ledgerOf(userId: string) {
      return db
        .select()
        .from(transactions)
        .where(eq(transactions.userId, userId))
        .orderBy(asc(transactions.createdAt), asc(transactions.id));
    },
    async purchasesOf(userId: string) {
      return db.select().from(payments).where(eq(payments.userId, userId)).orderBy(asc(payments.createdAt));
    },
    async ticketsOf(userId: string) {
      const tickets = await db
        .select()
        .from(supportTickets)
        .where(eq(supportTickets.userId, userId))
        .orderBy(asc(supportTickets.createdAt));
      const notes = tickets.length
        ? await db
            .select()
            .from(ticketNotes)
            .where(sql`${ticketNotes.ticketId} in (select id from support_tickets where user_id = ${userId})`)
            .orderBy(asc(ticketNotes.createdAt))
        : [];
      return tickets.map((t) => ({ ...t, notes: notes.filter((n) => n.ticketId === t.id) }));
    },
    async modelsOf(userId: string) {
      return db.select().from(models).where(eq(models.userId, userId)).orderBy(asc(models.createdAt));
    },
    async photosOf(modelId: string) {
      return db
        .select({
          id: trainingImages.id,
          storageKey: trainingImages.storageKey,
          originalName: trainingImages.originalName,
        })
        .from(trainingImages)
        .where(eq(trainingImages.modelId, modelId))
        .orderBy(asc(trainingImages.createdAt));
    },
    /** One page of the user's images (keyset on id): the archive never holds the whole list. */
    async imagesPage(userId: string, afterId: string | null, limit: number) {
      return db
        .select()
        .from(generatedImages)
        .where(and(eq(generatedImages.userId, userId), afterId ? gt(generatedImages.id, afterId) : undefined))
        .orderBy(asc(generatedImages.id))
        .limit(limit);
    },
  };
}
