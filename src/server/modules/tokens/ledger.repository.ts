import { userChanged } from '../../lib/user-changes';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { TransactionType } from '../../../shared/constants';
import { beforeCursor, exactTime, type Cursor } from '../../lib/cursor';
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
      userChanged(userId);
      return rows[0]?.tokenBalance ?? null;
    },
    /** The balance, row-locked until the transaction ends (a take-back reads, then moves it). */
    async lockBalance(userId: string) {
      const [row] = await db
        .select({ tokenBalance: users.tokenBalance })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      return row?.tokenBalance ?? null;
    },
    /** Records tokens a take-back could not find, and flags the account for admins. */
    async owe(userId: string, tokens: number, reason: string) {
      await db
        .update(users)
        .set({
          tokensOwed: sql`${users.tokensOwed} + ${tokens}`,
          paymentFlagReason: reason.slice(0, 500),
          paymentFlaggedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(eq(users.id, userId));
      userChanged(userId);
    },
    /** Lowers what the account owes (collected from a purchase, or forgiven when a dispute is won). */
    async settleOwed(userId: string, tokens: number) {
      await db
        .update(users)
        .set({ tokensOwed: sql`greatest(${users.tokensOwed} - ${tokens}, 0)`, updatedAt: new Date() })
        .where(eq(users.id, userId));
    },
    /** What the account owes, row-locked until the transaction ends. */
    async lockOwed(userId: string) {
      const [row] = await db
        .select({ tokensOwed: users.tokensOwed })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      return row?.tokensOwed ?? 0;
    },
    /** A payment's take-back rows (refunds and disputes) and won-dispute returns, oldest first. */
    async reversalsOf(paymentId: string) {
      return db
        .select()
        .from(transactions)
        .where(
          and(
            eq(transactions.refType, 'payment'),
            eq(transactions.refId, paymentId),
            eq(transactions.type, 'refund'),
          ),
        )
        .orderBy(transactions.createdAt);
    },
    async balanceOf(userId: string) {
      const [row] = await db
        .select({ tokenBalance: users.tokenBalance })
        .from(users)
        .where(eq(users.id, userId));
      return row?.tokenBalance ?? null;
    },
    async insert(row: NewLedgerRow) {
      // the clock at insert, not the transaction's start: rows written in one transaction keep their order
      const [out] = await db
        .insert(transactions)
        .values({ createdAt: sql`clock_timestamp()`, ...row })
        .returning();
      return out;
    },
    /** A user's rows, newest first, keyset-paged (see lib/cursor.ts). */
    async page(userId: string, opts: { limit: number; cursor?: Cursor; type?: TransactionType }) {
      const conds: (SQL | undefined)[] = [eq(transactions.userId, userId)];
      if (opts.type) conds.push(eq(transactions.type, opts.type));
      if (opts.cursor) conds.push(beforeCursor(transactions.createdAt, transactions.id, opts.cursor));
      return db
        .select({ row: transactions, cursorTs: exactTime(transactions.createdAt) })
        .from(transactions)
        .where(and(...conds))
        .orderBy(desc(transactions.createdAt), desc(transactions.id))
        .limit(opts.limit);
    },
    /** Balance and the purchase / usage totals, summed by the database. */
    async summary(userId: string) {
      const [user] = await db.select({ balance: users.tokenBalance }).from(users).where(eq(users.id, userId));
      if (!user) return null;
      const [sums] = await db
        .select({
          totalPurchased: sql<number>`coalesce(sum(${transactions.amount}) filter (where ${transactions.type} = 'purchase'), 0)::int`,
          totalUsed: sql<number>`coalesce(abs(sum(${transactions.amount}) filter (where ${transactions.type} = 'usage')), 0)::int`,
        })
        .from(transactions)
        .where(eq(transactions.userId, userId));
      return {
        balance: user.balance,
        totalPurchased: Number(sums.totalPurchased),
        totalUsed: Number(sums.totalUsed),
      };
    },
    /** Users whose balance differs from the sum of their ledger rows (should always be empty). */
    async mismatches(limit = 100) {
      const res = await db.execute(sql`
        select u.id, u.username, u.token_balance as balance, coalesce(sum(t.amount), 0)::int as ledger
        from ${users} u left join ${transactions} t on t.user_id = u.id
        group by u.id having u.token_balance <> coalesce(sum(t.amount), 0)
        limit ${limit}`);
      return (res as unknown as { rows: { id: string; username: string; balance: number; ledger: number }[] })
        .rows;
    },
  };
}
