import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { NOTIFICATION_KINDS } from '../../../shared/schemas/notifications';
import { createdAt, id, ts, updatedAt } from './common';
import { users } from './users';

/**
 * One row per event a person is told about (issue 25, decision 036). `subject_key` names the event
 * (`training:<modelId>:<attempt>:ready`); the unique (user, kind, subject) lets each event in once
 * however many retries, workers or replayed webhooks report it. `mailed_at`: its mail went out.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    subjectKey: text('subject_key').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    // when what the notice offers ends (a data export's download): a moment each reader's own page
    // writes in their locale and zone, so it is kept as a time, not as text in `body`
    expiresAt: ts('expires_at'),
    readAt: ts('read_at'),
    mailedAt: ts('mailed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notifications_subject_uq').on(t.userId, t.kind, t.subjectKey),
    // the bell's list: newest first, keyset-paged
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // the unread count
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    // the retention pass: the oldest, across all users (modules/retention/retention.job.ts)
    index('notifications_created_idx').on(t.createdAt),
  ],
);

/** A kind's mail switched off (or back on) by its owner; no row means on. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    mail: boolean('mail').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
