import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { createHarness, type Harness } from '../../test/harness';
import { applyLedgerEntry, inLedgerTransaction, ledgerMismatches } from './ledger.service';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({}, { startQueue: false });
});
afterAll(async () => {
  await h?.close();
});

describe('ledger', () => {
  it('never goes negative under concurrent debits and keeps the ledger equal to the balance', async () => {
    const u = await h.client().register('ledger_a');
    // 50 tokens; 20 concurrent debits of 15 → exactly 3 succeed
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        h.deps.db.transaction((tx) =>
          applyLedgerEntry(tx, {
            userId: u.id,
            type: 'usage',
            amount: -15,
            idempotencyKey: `t:${u.id}:${i}`,
            description: 'test',
          }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    const rejected = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(rejected.every((r) => r.reason.code === 'INSUFFICIENT_TOKENS' && r.reason.status === 402)).toBe(
      true,
    );
    const [row] = await h.deps.db.select().from(users).where(eq(users.id, u.id));
    expect(row.tokenBalance).toBe(5);
    expect(await ledgerMismatches(h.deps.db)).toEqual([]);
  });

  it('applies one idempotency key once, however often and concurrently it is repeated', async () => {
    const u = await h.client().register('ledger_b');
    const key = `credit:${u.id}`;
    const run = () =>
      inLedgerTransaction(
        h.deps.db,
        [key],
        (tx) =>
          applyLedgerEntry(tx, {
            userId: u.id,
            type: 'bonus',
            amount: 100,
            idempotencyKey: key,
            description: 'credit',
          }),
        async ([row]) => ({ row, balance: -1, duplicate: true }),
      );
    const out = await Promise.all(Array.from({ length: 20 }, run));
    expect(new Set(out.map((o) => o.row.id)).size).toBe(1);
    const [row] = await h.deps.db.select().from(users).where(eq(users.id, u.id));
    expect(row.tokenBalance).toBe(150);
    expect(await ledgerMismatches(h.deps.db)).toEqual([]);
  });
});
