import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts, updatedAt } from './common';

export const users = pgTable(
  'users',
  {
    id: id(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    emailVerifiedAt: ts('email_verified_at'),
    // when the address last changed (null: still the one signed up with); a reset link goes to an
    // unverified address only while this is null (issue 28, point 2)
    emailChangedAt: ts('email_changed_at'),
    passwordHash: text('password_hash').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    enableNsfw: boolean('enable_nsfw').notNull().default(false),
    nsfwConfirmedAt: ts('nsfw_confirmed_at'),
    tokenBalance: integer('token_balance').notNull().default(0),
    // tokens a refunded or disputed payment should have taken back but the balance no longer held
    tokensOwed: integer('tokens_owed').notNull().default(0),
    // set for admins when a payment was refunded/disputed after its tokens were spent (why, and when)
    paymentFlagReason: text('payment_flag_reason'),
    paymentFlaggedAt: ts('payment_flagged_at'),
    // a confirmed TOTP or at least one passkey (docs/decisions/056-second-factor.md): kept on the row
    // so every request's session read (and its cache) knows whether an admin may use the admin routes
    hasSecondFactor: boolean('has_second_factor').notNull().default(false),
    status: text('status', { enum: ['active', 'suspended'] })
      .notNull()
      .default('active'),
    avatarUrl: text('avatar_url'),
    referralCode: text('referral_code').notNull(),
    referredBy: uuid('referred_by'),
    // set when the user asked to be deleted; the tombstone that keeps their anonymised ledger keeps it too
    // (docs/decisions/026-account-deletion.md)
    deletedAt: ts('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_referral_code_uq').on(t.referralCode),
    index('users_created_idx').on(t.createdAt, t.id),
    // admin user search is `ilike '%term%'` on both names
    index('users_username_trgm_idx').using('gin', t.username.op('gin_trgm_ops')),
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    check('users_balance_nonneg', sql`${t.tokenBalance} >= 0`),
    check('users_tokens_owed_nonneg', sql`${t.tokensOwed} >= 0`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    // sha256 of the cookie token: a leaked table does not leak live sessions
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    // shown in Settings → Security so a user can tell their sessions apart
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const authTokens = pgTable(
  'auth_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['reset_password', 'verify_email', 'revert_email'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    // revert_email: the address (and its verification) an e-mail change replaced
    data: jsonb('data').$type<{ previousEmail: string; previousVerifiedAt: string | null }>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('auth_tokens_hash_uq').on(t.tokenHash),
    index('auth_tokens_user_idx').on(t.userId, t.kind),
  ],
);

export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: ts('window_start').notNull(),
    count: integer('count').notNull().default(0),
    /**
     * The account the counter belongs to (null: a client address, an unknown name, a site-wide count).
     * Account deletion deletes by this column, never by matching keys (issue 40, point 1).
     */
    ownerId: uuid('owner_id'),
  },
  (t) => [
    index('rate_limits_owner_idx')
      .on(t.ownerId)
      .where(sql`${t.ownerId} is not null`),
  ],
);
