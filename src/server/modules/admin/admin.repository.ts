import { userChanged } from '../../lib/user-changes';
import { count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { models, transactions, users } from '../../db/schema/index';

export function createAdminRepository(db: DbOrTx) {
  return {
    async stats() {
      const [u] = await db.select({ n: count() }).from(users);
      const [m] = await db.select({ n: count() }).from(models).where(eq(models.status, 'ready'));
      const [rev] = await db
        .select({ cents: sql<string>`coalesce(sum(${transactions.amountInCents}), 0)` })
        .from(transactions)
        .where(eq(transactions.type, 'purchase'));
      return { totalUsers: Number(u.n), activeModels: Number(m.n), revenueInCents: Number(rev.cents) };
    },
    /** Reads the user row and holds its lock until the caller's transaction ends. */
    async lockUser(userId: string) {
      const [row] = await db.select().from(users).where(eq(users.id, userId)).for('update');
      return row ?? null;
    },
    /** Sets the flag only where it would change; null when there is no such user. */
    async setFlags(
      userId: string,
      values: Partial<Pick<typeof users.$inferInsert, 'isAdmin' | 'enableNsfw' | 'status' | 'passwordHash'>>,
    ) {
      const [row] = await db
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning();
      userChanged(userId);
      return row ?? null;
    },
  };
}
