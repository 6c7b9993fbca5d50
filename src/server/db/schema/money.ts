import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts, updatedAt } from './common';
import { tokenPackages } from './catalog';
import { users } from './users';

export const transactionTypes = ['purchase', 'usage', 'refund', 'bonus', 'admin_adjustment'] as const;

// The ledger: append-only. The sum of a user's rows equals users.token_balance.
export const transactions = pgTable(
  'transactions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: transactionTypes }).notNull(),
    amount: integer('amount').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    amountInCents: integer('amount_in_cents'),
    description: text('description').notNull().default(''),
    idempotencyKey: text('idempotency_key').notNull(),
    // what the row is about: payment, generation, model (training), referral, user (admin) …
    refType: text('ref_type'),
    refId: text('ref_id'),
    // a refund names the ledger row it gives back
    refundOf: uuid('refund_of'),
    // the API key a generation was made with (docs/decisions/039-api-keys-and-openapi.md); no foreign
    // key: the append-only ledger outlives the keys (a revoked key's row stays, named)
    apiKeyId: uuid('api_key_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('transactions_idempotency_uq').on(t.idempotencyKey),
    index('transactions_user_created_idx').on(t.userId, t.createdAt, t.id),
    // migration 0019 adds INCLUDE (amount, amount_in_cents, ref_type): the admin charts read it alone
    index('transactions_type_created_idx').on(t.type, t.createdAt),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    packageId: uuid('package_id').references(() => tokenPackages.id, { onDelete: 'set null' }),
    packageName: text('package_name').notNull(),
    provider: text('provider', { enum: ['offline', 'stripe'] }).notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    clientSecret: text('client_secret'),
    amountInCents: integer('amount_in_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    tokenAmount: integer('token_amount').notNull(),
    status: text('status').notNull().default('requires_payment_method'),
    lastError: text('last_error'),
    creditedTransactionId: uuid('credited_transaction_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_provider_id_uq').on(t.provider, t.providerPaymentId),
    index('payments_user_created_idx').on(t.userId, t.createdAt),
    index('payments_created_idx').on(t.createdAt, t.id),
  ],
);

export const referrals = pgTable(
  'referrals',
  {
    id: id(),
    inviterId: uuid('inviter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invitedId: uuid('invited_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    // duplicate: the invited mailbox already earned a bonus; over_cap: the inviter's monthly cap was reached
    status: text('status', { enum: ['pending', 'granted', 'duplicate', 'over_cap'] })
      .notNull()
      .default('pending'),
    bonusTokens: integer('bonus_tokens').notNull().default(0),
    // the invited e-mail's real mailbox (referrals.service.ts normalisation), set when the referral is settled
    mailbox: text('mailbox'),
    createdAt: createdAt(),
    grantedAt: ts('granted_at'),
  },
  (t) => [
    uniqueIndex('referrals_invited_uq').on(t.invitedId),
    // one bonus per real mailbox, however many plus-addresses it verifies
    uniqueIndex('referrals_granted_mailbox_uq')
      .on(t.mailbox)
      .where(sql`${t.status} = 'granted'`),
    index('referrals_inviter_idx').on(t.inviterId, t.createdAt),
  ],
);

// The offline payment provider's own records (engines/payments/offline.ts): it stands in for Stripe's
// PaymentIntents, so the app reads them only through the engine, exactly as it reads Stripe.
export const offlinePaymentIntents = pgTable(
  'offline_payment_intents',
  {
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull().default('requires_payment_method'),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    description: text('description'),
    idempotencyKey: text('idempotency_key'),
    lastError: text('last_error'),
    cardLast4: text('card_last4'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('offline_payment_intents_idem_uq').on(t.idempotencyKey)],
);
