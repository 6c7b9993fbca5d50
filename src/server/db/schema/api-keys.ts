import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts } from './common';
import { users } from './users';

/**
 * Personal API keys (docs/decisions/039-api-keys-and-openapi.md). A token is `ls_<prefix>_<secret>`:
 * the prefix finds the row, the SHA-256 of the secret proves it; the token itself is never stored.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scopes: text('scopes').array().notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    lastUsedAt: ts('last_used_at'),
    /** refused from this moment on; null: the owner chose no expiry */
    expiresAt: ts('expires_at'),
    createdAt: createdAt(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [
    uniqueIndex('api_keys_prefix_uq').on(t.prefix),
    index('api_keys_user_idx').on(t.userId, t.createdAt, t.id),
  ],
);
