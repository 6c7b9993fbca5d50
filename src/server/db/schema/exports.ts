import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts } from './common';
import { users } from './users';

export const dataExportStatuses = ['pending', 'ready', 'failed'] as const;

/**
 * A user's "download my data" archive (issue 22, item 5): built by a durable job into
 * `u/<userId>/exports/<id>.zip`, offered until `expires_at`, then deleted with its file.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: dataExportStatuses }).notNull().default('pending'),
    storageKey: text('storage_key'),
    bytes: bigint('bytes', { mode: 'number' }),
    error: text('error'),
    createdAt: createdAt(),
    completedAt: ts('completed_at'),
    expiresAt: ts('expires_at'),
  },
  (t) => [
    index('data_exports_user_idx').on(t.userId, t.createdAt),
    // one export at a time per user: a second request while one is pending is refused (409)
    uniqueIndex('data_exports_one_pending_uq')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    index('data_exports_expires_idx').on(t.expiresAt),
  ],
);
