import type { TransactionType } from '../../../shared/constants';
import type { Db, DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/client';
import { insufficientTokens } from '../../lib/errors';
import { createLedgerRepository, type LedgerRow } from './ledger.repository';

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
};

export type LedgerResult = { row: LedgerRow; balance: number; duplicate: boolean };

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
    throw insufficientTokens(entry.insufficientMessage ?? 'Insufficient tokens. Please purchase more tokens.', {
      balance: await repo.balanceOf(entry.userId),
      required: -entry.amount,
    });
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
  });
  return { row, balance, duplicate: false };
}

/**
 * Runs `fn` in a transaction; if a concurrent writer committed the same idempotency key first
 * (unique violation), answers with that row instead of failing.
 */
export async function inLedgerTransaction<T>(db: Db, keys: string[], fn: (tx: DbOrTx) => Promise<T>, onDuplicate: (rows: LedgerRow[]) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(async (tx) => fn(tx));
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const repo = createLedgerRepository(db);
    const rows = (await Promise.all(keys.map((k) => repo.findByKey(k)))).filter((r): r is LedgerRow => r !== null);
    if (rows.length === 0) throw err;
    return onDuplicate(rows);
  }
}

export function ledgerMismatches(db: Db) {
  return createLedgerRepository(db).mismatches();
}
