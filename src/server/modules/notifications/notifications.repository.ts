import { and, count, eq, getTableColumns, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notificationPreferences, notifications, users } from '../../db/schema/index';
import { exactTime, newestFirst, pastCursor, type Cursor } from '../../lib/cursor';
import type { NotificationKind } from '../../../shared/schemas/notifications';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = Pick<
  typeof notifications.$inferInsert,
  'userId' | 'kind' | 'subjectKey' | 'title' | 'body' | 'link' | 'expiresAt'
>;

export function createNotificationsRepository(db: DbOrTx) {
  return {
    /** The row when this event is new; null when (user, kind, subject) was already told. */
    async insertOnce(values: NewNotification): Promise<NotificationRow | null> {
      const [row] = await db
        .insert(notifications)
        .values(values)
        .onConflictDoNothing({
          target: [notifications.userId, notifications.kind, notifications.subjectKey],
        })
        .returning();
      return row ?? null;
    },
    async byId(id: string) {
      const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
      return row ?? null;
    },
    /** notifications_user_created_idx: (user_id, created_at desc, id desc) */
    async page(userId: string, limit: number, cursor?: Cursor) {
      return db
        .select({ ...getTableColumns(notifications), cursorTs: exactTime(notifications.createdAt) })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), pastCursor(notifications, cursor)))
        .orderBy(...newestFirst(notifications))
        .limit(limit);
    },
    /** notifications_unread_idx (partial, read_at is null) */
    async unreadCount(userId: string) {
      const [row] = await db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
      return Number(row?.n ?? 0);
    },
    /** Marks the owner's own rows among `ids`; another person's ids match nothing. */
    async markRead(userId: string, ids: string[] | 'all') {
      await db
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(
          and(
            eq(notifications.userId, userId),
            isNull(notifications.readAt),
            ids === 'all' ? undefined : inArray(notifications.id, ids),
          ),
        );
    },
    /** The retention pass: up to `limit` of the oldest made before `cutoff`; how many went. */
    async deleteMadeBefore(cutoff: Date, limit: number) {
      const rows = await db
        .delete(notifications)
        .where(
          inArray(
            notifications.id,
            db
              .select({ id: notifications.id })
              .from(notifications)
              .where(lt(notifications.createdAt, cutoff))
              .limit(limit),
          ),
        )
        .returning({ id: notifications.id });
      return rows.length;
    },
    /** Claims the row's mail: true once, for the first caller only. */
    async claimMail(id: string) {
      const rows = await db
        .update(notifications)
        .set({ mailedAt: sql`now()` })
        .where(and(eq(notifications.id, id), isNull(notifications.mailedAt)))
        .returning({ id: notifications.id });
      return rows.length === 1;
    },
    async releaseMail(id: string) {
      await db.update(notifications).set({ mailedAt: null }).where(eq(notifications.id, id));
    },
    async recipient(userId: string) {
      const [row] = await db
        .select({ id: users.id, email: users.email, username: users.username, deletedAt: users.deletedAt })
        .from(users)
        .where(eq(users.id, userId));
      return row ?? null;
    },
    async mailSwitches(userId: string) {
      return db
        .select({ kind: notificationPreferences.kind, mail: notificationPreferences.mail })
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, userId));
    },
    async setMail(userId: string, kind: NotificationKind, mail: boolean) {
      await db
        .insert(notificationPreferences)
        .values({ userId, kind, mail })
        .onConflictDoUpdate({
          target: [notificationPreferences.userId, notificationPreferences.kind],
          set: { mail, updatedAt: sql`now()` },
        });
    },
  };
}
