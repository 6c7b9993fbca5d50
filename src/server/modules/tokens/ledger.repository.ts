import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { TransactionType } from '../../../shared/constants';
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
    /**
     * A user's rows, newest first, keyset-paged. Times are compared at millisecond precision because
     * the cursor carries an ISO time (PostgreSQL keeps microseconds).
     */
    async page(userId: string, opts: { limit: number; cursor?: { createdAt: Date; id: string }; type?: TransactionType }) {
      const ms = sql`date_trunc('milliseconds', ${transactions.createdAt})`;
      const conds: (SQL | undefined)[] = [eq(transactions.userId, userId)];
      if (opts.type) conds.push(eq(transactions.type, opts.type));
      if (opts.cursor) conds.push(sql`(${ms}, ${transactions.id}) < (${opts.cursor.createdAt.toISOString()}::timestamptz, ${opts.cursor.id}::uuid)`);
      return db
        .select()
        .from(transactions)
        .where(and(...conds))
        .orderBy(desc(ms), desc(transactions.id))
        .limit(opts.limit);
    },
    /** Balance and the purchase / usage totals, summed by the database. */
    async summary(userId: string) {
      const [row] = await db
        .select({
          balance: users.tokenBalance,
          totalPurchased: sql<number>`coalesce((select sum(${transactions.amount}) from ${transactions} where ${transactions.userId} = ${users.id} and ${transactions.type} = 'purchase'), 0)::int`,
          totalUsed: sql<number>`coalesce((select abs(sum(${transactions.amount})) from ${transactions} where ${transactions.userId} = ${users.id} and ${transactions.type} = 'usage'), 0)::int`,
        })
        .from(users)
        .where(eq(users.id, userId));
      return row ?? null;
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
