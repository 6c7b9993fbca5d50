import { and, asc, desc, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  apiKeys,
  baseModels,
  dataExports,
  generatedImages,
  models,
  notificationPreferences,
  notifications,
  payments,
  sessions,
  supportTickets,
  ticketNotes,
  trainingImages,
  transactions,
  userPrivacy,
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
    /**
     * One page of the user's images (keyset on id): the archive never holds the whole list. With the
     * model's and base model's names, for the readable file names the gallery's downloads use.
     */
    async imagesPage(userId: string, afterId: string | null, limit: number) {
      const rows = await db
        .select({ image: generatedImages, modelName: models.name, baseModelName: baseModels.name })
        .from(generatedImages)
        .leftJoin(models, eq(models.id, generatedImages.modelId))
        .leftJoin(baseModels, eq(baseModels.id, generatedImages.baseModelId))
        .where(and(eq(generatedImages.userId, userId), afterId ? gt(generatedImages.id, afterId) : undefined))
        .orderBy(asc(generatedImages.id))
        .limit(limit);
      return rows.map((r) => ({ ...r.image, modelName: r.modelName, baseModelName: r.baseModelName }));
    },
    /** The face-analysis consent (decision 025); null: never asked. */
    async privacyOf(userId: string) {
      const [row] = await db.select().from(userPrivacy).where(eq(userPrivacy.userId, userId));
      return row ?? null;
    },
    async notificationPreferencesOf(userId: string) {
      return db
        .select({ kind: notificationPreferences.kind, mail: notificationPreferences.mail })
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, userId));
    },
    async notificationsOf(userId: string) {
      return db
        .select({
          kind: notifications.kind,
          title: notifications.title,
          body: notifications.body,
          link: notifications.link,
          createdAt: notifications.createdAt,
          readAt: notifications.readAt,
          mailedAt: notifications.mailedAt,
        })
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(asc(notifications.createdAt));
    },
    /** The user's API keys, revoked ones too: names, scopes and dates — never the secret's hash. */
    async apiKeysOf(userId: string) {
      return db
        .select({
          name: apiKeys.name,
          scopes: apiKeys.scopes,
          createdAt: apiKeys.createdAt,
          lastUsedAt: apiKeys.lastUsedAt,
          expiresAt: apiKeys.expiresAt,
          revokedAt: apiKeys.revokedAt,
        })
        .from(apiKeys)
        .where(eq(apiKeys.userId, userId))
        .orderBy(asc(apiKeys.createdAt));
    },
  };
}
