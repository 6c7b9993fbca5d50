import type { TransactionType } from '../../../shared/constants';
import type { Db, DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/client';
import { insufficientTokens } from '../../lib/errors';
import { createLedgerRepository, type LedgerRow } from './ledger.repository';
import { formatCount, SERVER_LOCALE } from '../../../shared/intl';

export type LedgerEntry = {
  userId: string;
  type: TransactionType;
  /** signed tokens: + credit, − debit */
  amount: number;
  idempotencyKey: string;
  description: string;
  refType?: string;
  refId?: string;
  refundOf?: string;
  amountInCents?: number | null;
  insufficientMessage?: string;
  /** the personal API key the change was made with (a generation through the API) */
  apiKeyId?: string | null;
};

export type LedgerResult = { row: LedgerRow; balance: number; duplicate: boolean };

/** A user's token balance as an answer shows it (0 for an unknown user). */
export async function tokenBalance(db: DbOrTx, userId: string) {
  return (await createLedgerRepository(db).balanceOf(userId)) ?? 0;
}

/**
 * The only way a balance changes. Call inside the caller's transaction (`tx`): the balance update and
 * the ledger row commit or roll back together. A repeated idempotency key returns the first row and
 * changes nothing. A debit that would go negative throws 402 and the transaction rolls back.
 */
export async function applyLedgerEntry(tx: DbOrTx, entry: LedgerEntry): Promise<LedgerResult> {
  const repo = createLedgerRepository(tx);
  const existing = await repo.findByKey(entry.idempotencyKey);
  if (existing) return { row: existing, balance: (await repo.balanceOf(entry.userId)) ?? 0, duplicate: true };
  const balance = await repo.moveBalance(entry.userId, entry.amount);
  if (balance === null) {
    throw insufficientTokens(
      entry.insufficientMessage ?? 'Insufficient tokens. Please purchase more tokens.',
      {
        balance: await repo.balanceOf(entry.userId),
        required: -entry.amount,
      },
    );
  }
  const row = await repo.insert({
    userId: entry.userId,
    type: entry.type,
    amount: entry.amount,
    balanceAfter: balance,
    amountInCents: entry.amountInCents ?? null,
    description: entry.description,
    idempotencyKey: entry.idempotencyKey,
    refType: entry.refType,
    refId: entry.refId,
    refundOf: entry.refundOf,
    apiKeyId: entry.apiKeyId ?? null,
  });
  return { row, balance, duplicate: false };
}

export type TakeBack = {
  userId: string;
  /** tokens the event says should leave the balance */
  due: number;
  idempotencyKey: string;
  description: string;
  refType: string;
  refId: string;
  refundOf?: string;
  /** money returned to the customer (negative cents) */
  amountInCents?: number;
  /** flag the account for admins even when everything could be taken (e.g. a dispute) */
  flag?: string;
};

/**
 * Takes tokens back (a refunded or disputed payment) inside the caller's transaction. A balance never
 * goes below zero: what is there is taken as one ledger row (possibly 0), the remainder is recorded
 * as owed on the account and the account is flagged for admins. A repeated key changes nothing.
 */
export async function takeBackTokens(tx: DbOrTx, t: TakeBack) {
  const repo = createLedgerRepository(tx);
  const existing = await repo.findByKey(t.idempotencyKey);
  if (existing) return { row: existing, taken: -existing.amount, owed: 0, duplicate: true };
  const balance = (await repo.lockBalance(t.userId)) ?? 0;
  const taken = Math.max(0, Math.min(balance, t.due));
  const owed = Math.max(0, t.due - taken);
  const { row } = await applyLedgerEntry(tx, {
    userId: t.userId,
    type: 'refund',
    amount: -taken,
    idempotencyKey: t.idempotencyKey,
    description:
      owed > 0
        ? `${t.description} (${formatCount(owed, SERVER_LOCALE)} tokens already spent: owed)`
        : t.description,
    refType: t.refType,
    refId: t.refId,
    refundOf: t.refundOf,
    amountInCents: t.amountInCents ?? null,
  });
  if (owed > 0 || t.flag) {
    const reason = [
      t.flag,
      owed > 0
        ? `${formatCount(owed, SERVER_LOCALE)} tokens could not be taken back (${t.description})`
        : null,
    ]
      .filter(Boolean)
      .join('; ');
    await repo.owe(t.userId, owed, reason);
  }
  return { row, taken, owed, duplicate: false };
}

/**
 * Collects tokens an earlier take-back could not find (`users.tokens_owed`) from a credit that was
 * just applied in the same transaction: at most `credited` tokens, never below zero. One row per
 * credit (keyed by it), so a retried credit collects nothing twice.
 */
export async function collectOwedTokens(
  tx: DbOrTx,
  c: { userId: string; credited: number; creditKey: string; refId: string },
) {
  const repo = createLedgerRepository(tx);
  const owed = await repo.lockOwed(c.userId);
  const collect = Math.min(owed, c.credited);
  if (collect <= 0) return 0;
  const res = await applyLedgerEntry(tx, {
    userId: c.userId,
    type: 'refund',
    amount: -collect,
    idempotencyKey: `owed-collected:${c.creditKey}`,
    description: `${formatCount(collect, SERVER_LOCALE)} tokens owed from an earlier refund or dispute, collected`,
    // not 'payment': this row is no reversal of the new payment
    refType: 'owed',
    refId: c.refId,
  });
  if (!res.duplicate) await repo.settleOwed(c.userId, collect);
  return res.duplicate ? 0 : collect;
}

/**
 * Runs `fn` in a transaction; if a concurrent writer committed the same idempotency key first
 * (unique violation), answers with that row instead of failing.
 */
export async function inLedgerTransaction<T>(
  db: Db,
  keys: string[],
  fn: (tx: DbOrTx) => Promise<T>,
  onDuplicate: (rows: LedgerRow[]) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction(async (tx) => fn(tx));
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const repo = createLedgerRepository(db);
    const rows = (await Promise.all(keys.map((k) => repo.findByKey(k)))).filter(
      (r): r is LedgerRow => r !== null,
    );
    if (rows.length === 0) throw err;
    return onDuplicate(rows);
  }
}

export function ledgerMismatches(db: Db) {
  return createLedgerRepository(db).mismatches();
}

// Reads and locks other modules need inside their own ledger transaction (`tx`).

/** The ledger row written under this idempotency key, or null (has this charge or credit happened?). */
export const ledgerEntryByKey = (tx: DbOrTx, key: string) => createLedgerRepository(tx).findByKey(key);
/** The rows that took back tokens of this payment (refunds, disputes). */
export const paymentReversalRows = (tx: DbOrTx, paymentId: string) =>
  createLedgerRepository(tx).reversalsOf(paymentId);
/** Locks the user's row and returns the tokens they owe. */
export const lockOwedTokens = (tx: DbOrTx, userId: string) => createLedgerRepository(tx).lockOwed(userId);
/** Lowers what the user owes by `tokens` (never below 0). */
export const settleOwedTokens = (tx: DbOrTx, userId: string, tokens: number) =>
  createLedgerRepository(tx).settleOwed(userId, tokens);
