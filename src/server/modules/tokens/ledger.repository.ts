import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { transactions, users } from '../../db/schema/index';

export type LedgerRow = typeof transactions.$inferSelect;
export type NewLedgerRow = typeof transactions.$inferInsert;

export function createLedgerRepository(db: DbOrTx) {
  return {
    async findByKey(key: string) {
      const [row] = await db.select().from(transactions).where(eq(transactions.idempotencyKey, key));
      return row ?? null;
    },
    /** Moves the balance by `amount` unless it would go negative; the row lock serialises writers. */
    async moveBalance(userId: string, amount: number) {
      const rows = await db
        .update(users)
        .set({ tokenBalance: sql`${users.tokenBalance} + ${amount}`, updatedAt: new Date() })
        .where(and(eq(users.id, userId), sql`${users.tokenBalance} + ${amount} >= 0`))
        .returning({ tokenBalance: users.tokenBalance });
      return rows[0]?.tokenBalance ?? null;
    },
    async balanceOf(userId: string) {
      const [row] = await db.select({ tokenBalance: users.tokenBalance }).from(users).where(eq(users.id, userId));
      return row?.tokenBalance ?? null;
    },
    async insert(row: NewLedgerRow) {
      const [out] = await db.insert(transactions).values(row).returning();
      return out;
    },
    /** Users whose balance differs from the sum of their ledger rows (should always be empty). */
    async mismatches(limit = 100) {
      const res = await db.execute(sql`
        select u.id, u.username, u.token_balance as balance, coalesce(sum(t.amount), 0)::int as ledger
        from ${users} u left join ${transactions} t on t.user_id = u.id
        group by u.id having u.token_balance <> coalesce(sum(t.amount), 0)
        limit ${limit}`);
      return (res as unknown as { rows: { id: string; username: string; balance: number; ledger: number }[] }).rows;
    },
  };
}
