import {
  NOTIFICATION_KINDS,
  NOTIFICATIONS_PAGE_SIZE,
  type MarkReadBody,
  type NotificationKind,
  type NotificationPreferences,
  type NotificationView,
} from '../../../shared/schemas/notifications';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { readPage } from '../../lib/paging';
import type { UserRow } from '../users';
import {
  createNotificationsRepository,
  type NewNotification,
  type NotificationRow,
} from './notifications.repository';
import { deleteInBatches } from '../../lib/batches';

export const JOB_NOTIFICATION_MAIL = 'notifications.mail';

export type NotifyInput = Omit<NewNotification, 'kind'> & { kind: NotificationKind };

/**
 * Tells a person about an event, in the caller's transaction (a rollback takes it back). The
 * subject key names the event; the same (user, kind, subject) a second time — a retried job, a
 * second worker, a replayed webhook — inserts nothing and sends nothing. The mail is a job enqueued
 * in the same transaction, so it goes out only once the event is committed.
 */
export async function notify(
  deps: Pick<AppDeps, 'queue'>,
  tx: DbOrTx,
  input: NotifyInput,
): Promise<NotificationRow | null> {
  const row = await createNotificationsRepository(tx).insertOnce({
    ...input,
    title: input.title.slice(0, 200),
    body: input.body.slice(0, 2000),
  });
  if (row) {
    await deps.queue.enqueue(
      JOB_NOTIFICATION_MAIL,
      { notificationId: row.id },
      { tx, singletonKey: `${JOB_NOTIFICATION_MAIL}:${row.id}` },
    );
  }
  return row;
}

export function toNotificationView(row: NotificationRow): NotificationView {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Every kind's mail switch, on unless its owner turned it off. */
export async function mailSwitches(db: DbOrTx, userId: string): Promise<NotificationPreferences['mail']> {
  const rows = await createNotificationsRepository(db).mailSwitches(userId);
  const off = new Set(rows.filter((r) => !r.mail).map((r) => r.kind));
  return Object.fromEntries(
    NOTIFICATION_KINDS.map((k) => [k, !off.has(k)]),
  ) as NotificationPreferences['mail'];
}

/**
 * The retention pass (config.privacy.notificationRetentionDays): every notification made before
 * `cutoff`, read or not, in batches, each its own statement; how many went.
 */
export async function purgeNotificationsBefore(db: DbOrTx, cutoff: Date): Promise<number> {
  const repo = createNotificationsRepository(db);
  return deleteInBatches(1000, (limit) => repo.deleteMadeBefore(cutoff, limit));
}

export function createNotificationsService(deps: Pick<AppDeps, 'db'>) {
  const repo = createNotificationsRepository(deps.db);
  return {
    async list(user: UserRow, cursor?: string) {
      const page = await readPage((limit, c) => repo.page(user.id, limit, c), {
        limit: NOTIFICATIONS_PAGE_SIZE,
        cursor,
        cursorOf: (r) => ({ ts: r.cursorTs, id: r.id }),
      });
      return {
        notifications: page.items.map(toNotificationView),
        unread: await repo.unreadCount(user.id),
        nextCursor: page.nextCursor,
      };
    },
    /** Only the caller's own: another person's ids change nothing. */
    async markRead(user: UserRow, body: MarkReadBody) {
      await repo.markRead(user.id, 'all' in body ? 'all' : body.ids);
      return { success: true, unread: await repo.unreadCount(user.id) };
    },
    async preferences(userId: string): Promise<NotificationPreferences> {
      return { mail: await mailSwitches(deps.db, userId) };
    },
    async setPreferences(userId: string, mail: Partial<Record<NotificationKind, boolean>>) {
      await deps.db.transaction(async (tx) => {
        const r = createNotificationsRepository(tx);
        for (const kind of NOTIFICATION_KINDS) {
          const on = mail[kind];
          if (typeof on === 'boolean') await r.setMail(userId, kind, on);
        }
      });
      return { mail: await mailSwitches(deps.db, userId) };
    },
  };
}
