import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';
import { createdAt, id } from './common';

/**
 * One row per admin write (docs/decisions/027-admin-audit-log.md), inserted in the transaction of the
 * action it records. Append-only: a trigger (migration 0013) refuses UPDATE always and DELETE unless
 * the retention purge set `lora.audit_purge` for its transaction.
 *
 * No foreign keys on purpose: deleting a user (target or admin) must neither cascade into nor update
 * this table. Only ids and the admin's username at the time are stored; a target's name is a join
 * that finds nothing once the user is gone.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: id(),
    adminId: uuid('admin_id').notNull(),
    adminUsername: text('admin_username').notNull(),
    action: text('action').notNull(),
    targetUserId: uuid('target_user_id'),
    entityType: text('entity_type'),
    entityId: text('entity_id'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    // one index per way the admin page reads: newest first, optionally by one filter column
    index('admin_audit_log_created_idx').on(t.createdAt, t.id),
    index('admin_audit_log_action_idx').on(t.action, t.createdAt, t.id),
    index('admin_audit_log_admin_idx').on(t.adminId, t.createdAt, t.id),
    index('admin_audit_log_target_idx').on(t.targetUserId, t.createdAt, t.id),
  ],
);

/**
 * An account's own security log (docs/decisions/056-second-factor.md): sign-ins, failed attempts and
 * changes to its credentials, shown in Settings → Security and in the admin's user view. The address
 * is kept coarsened (an IPv4 /24, an IPv6 /48) and the device as a short label, never the full
 * user agent. Rows go with the account and after the audit log's retention.
 */
export const securityEvents = pgTable(
  'security_events',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    detail: jsonb('detail').$type<Record<string, string>>(),
    address: text('address'),
    device: text('device'),
    createdAt: createdAt(),
  },
  (t) => [
    index('security_events_user_idx').on(t.userId, t.createdAt, t.id),
    index('security_events_created_idx').on(t.createdAt),
  ],
);
