import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness';
import { applyLedgerEntry } from './ledger.service';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

async function addRows(
  userId: string,
  rows: {
    type: 'usage' | 'refund' | 'purchase' | 'admin_adjustment';
    amount: number;
    description?: string;
  }[],
) {
  await h.deps.db.transaction(async (tx) => {
    for (const [i, r] of rows.entries()) {
      await applyLedgerEntry(tx, {
        userId,
        type: r.type,
        amount: r.amount,
        idempotencyKey: `test:${userId}:${i}:${Math.random()}`,
        description: r.description ?? `${r.type} ${i}`,
        amountInCents: r.type === 'purchase' ? 499 : null,
      });
    }
  });
}

describe('GET /api/transactions', () => {
  it('answers the own rows newest first, paged by cursor without loss or repeats', async () => {
    const c = h.client();
    const me = await c.register();
    await addRows(me.id, [
      { type: 'purchase', amount: 500 },
      ...Array.from({ length: 9 }, () => ({ type: 'usage' as const, amount: -15 })),
      { type: 'refund', amount: 15 },
    ]);
    // nine rows with one identical timestamp: the cursor must page through ties without loss
    await h.deps.db.execute(
      sql`update transactions set created_at = (select max(created_at) from transactions where user_id = ${me.id} and type = 'usage') where user_id = ${me.id} and type = 'usage'`,
    );
    const other = h.client();
    await other.register();

    const first = await c.get('/api/transactions');
    expect(first.statusCode).toBe(200);
    const all = { transactions: first.json() };
    expect(all.transactions).toHaveLength(12);
    expect(first.headers['x-next-cursor']).toBeUndefined();
    expect(all.transactions[0]).toMatchObject({
      type: 'refund',
      amount: 15,
      balanceAfter: 430,
      refundOf: null,
    });
    expect(all.transactions.at(-1)).toMatchObject({
      type: 'bonus',
      amount: 50,
      description: 'Welcome bonus',
    });
    expect(Object.keys(all.transactions[0]).sort()).toEqual([
      'amount',
      'amountInCents',
      'balanceAfter',
      'createdAt',
      'description',
      'id',
      'refundOf',
      'type',
    ]);

    const paged: { id: string }[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await c.get(`/api/transactions?limit=5${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      paged.push(...res.json());
      cursor = (res.headers['x-next-cursor'] as string | undefined) ?? null;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(paged.map((t) => t.id)).toEqual(all.transactions.map((t: { id: string }) => t.id));

    expect((await c.get('/api/transactions?type=usage')).json()).toHaveLength(9);
    expect((await other.get('/api/transactions')).json()).toHaveLength(1);
  });

  it('refuses guests, bad cursors and unknown types', async () => {
    const c = h.client();
    await c.register();
    expect((await h.client().get('/api/transactions')).statusCode).toBe(401);
    expect((await c.get('/api/transactions?cursor=abc')).statusCode).toBe(400);
    expect((await c.get('/api/transactions?cursor=!!')).statusCode).toBe(400);
    expect((await c.get('/api/transactions?type=gift')).statusCode).toBe(400);
    expect((await c.get('/api/transactions?limit=0')).statusCode).toBe(400);
  });
});

describe('GET /api/transactions/summary', () => {
  it('sums purchases and usage in SQL', async () => {
    const c = h.client();
    const me = await c.register();
    await addRows(me.id, [
      { type: 'purchase', amount: 500 },
      { type: 'purchase', amount: 1200 },
      { type: 'usage', amount: -150 },
      { type: 'usage', amount: -60 },
      { type: 'refund', amount: 150 },
    ]);
    const res = await c.get('/api/transactions/summary');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ balance: 50 + 1700 - 210 + 150, totalPurchased: 1700, totalUsed: 210 });
    const fresh = h.client();
    await fresh.register();
    expect((await fresh.get('/api/transactions/summary')).json()).toEqual({
      balance: 50,
      totalPurchased: 0,
      totalUsed: 0,
    });
    expect((await h.client().get('/api/transactions/summary')).statusCode).toBe(401);
  });

  it('never lets a balance go negative', async () => {
    const c = h.client();
    const me = await c.register();
    await expect(addRows(me.id, [{ type: 'usage', amount: -51 }])).rejects.toMatchObject({
      status: 402,
      code: 'INSUFFICIENT_TOKENS',
    });
    expect((await c.get('/api/transactions/summary')).json().balance).toBe(50);
    expect((await c.get('/api/transactions')).json()).toHaveLength(1);
  });
});
