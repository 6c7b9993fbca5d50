import { bigint, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts } from './common';
import { users } from './users';

/**
 * Second factors (docs/decisions/056-second-factor.md). An authenticator app's TOTP secret, encrypted
 * with a key derived from SESSION_SECRET for this purpose alone; `confirmedAt` is null while the user
 * has scanned but not yet proved a code. `lastStep` is the 30-second step of the last code accepted, so
 * no code is accepted twice.
 */
export const totpCredentials = pgTable('totp_credentials', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEnc: text('secret_enc').notNull(),
  confirmedAt: ts('confirmed_at'),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** Ten single-use codes per confirmed TOTP, stored as keyed hashes (shown once, never stored plain). */
export const backupCodes = pgTable(
  'backup_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('backup_codes_user_hash_uq').on(t.userId, t.codeHash)],
);

/** WebAuthn credentials (passkeys): the public key and signature counter the server checks. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the authenticator's credential id, base64url */
    credentialId: text('credential_id').notNull(),
    /** the COSE public key, base64url */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [
    uniqueIndex('passkeys_credential_uq').on(t.credentialId),
    index('passkeys_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * Short-lived, single-use state between two requests of a sign-in or an enrolment: a password step
 * waiting for its second factor, or a WebAuthn challenge. The row's id is the SHA-256 of a random
 * token the browser holds in a signed cookie (or, for a signed-in user's passkey enrolment, of one
 * kept per user), so a leaked table holds no live token.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['second_factor', 'passkey_register', 'passkey_login'] }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** the WebAuthn challenge (base64url); null for a password step waiting for a code */
    challenge: text('challenge'),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('login_challenges_expires_idx').on(t.expiresAt)],
);
