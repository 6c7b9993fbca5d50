import { and, asc, desc, eq, gte, isNotNull, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { payments, users } from '../../db/schema/index';
import { beforeCursor, exactTime, type Cursor } from '../../lib/cursor';

export type PaymentRow = typeof payments.$inferSelect;

export function createPaymentsRepository(db: DbOrTx) {
  return {
    async insert(values: typeof payments.$inferInsert) {
      const [row] = await db.insert(payments).values(values).returning();
      return row;
    },
    async byProviderId(provider: PaymentRow['provider'], providerPaymentId: string) {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId)));
      return row ?? null;
    },
    async lockForUpdate(id: string) {
      await db.select({ id: payments.id }).from(payments).where(eq(payments.id, id)).for('update');
    },
    async byId(id: string) {
      const [row] = await db.select().from(payments).where(eq(payments.id, id));
      return row ?? null;
    },
    /** Mirrors the provider's status; never touches a credited payment's money fields. */
    async setStatus(id: string, status: string, lastError: string | null) {
      await db.update(payments).set({ status, lastError, updatedAt: new Date() }).where(eq(payments.id, id));
    },
    /**
     * Uncredited payments the reconciler should ask the provider about: older than `minAgeMs` (the
     * browser and the webhook go first), younger than `maxAgeMs`, and not looked at for a quarter of
     * their age (at least `minGapMs`), so an abandoned checkout is asked about less and less often.
     */
    async dueForReconcile(
      provider: PaymentRow['provider'],
      opts: { minAgeMs: number; maxAgeMs: number; minGapMs: number; limit: number },
    ) {
      const now = Date.now();
      return db
        .select()
        .from(payments)
        .where(
          and(
            gte(payments.createdAt, new Date(now - opts.maxAgeMs)),
            lt(payments.createdAt, new Date(now - opts.minAgeMs)),
            eq(payments.provider, provider),
            isNull(payments.creditedTransactionId),
            ne(payments.status, 'canceled'),
            lt(payments.updatedAt, new Date(now - opts.minGapMs)),
            sql`${payments.updatedAt} < now() - (now() - ${payments.createdAt}) / 4`,
          ),
        )
        .orderBy(asc(payments.updatedAt))
        .limit(opts.limit);
    },
    /** Records that the provider was asked (the reconciler's backoff reads updated_at). */
    async touch(id: string) {
      await db.update(payments).set({ updatedAt: new Date() }).where(eq(payments.id, id));
    },
    async markCredited(id: string, transactionId: string) {
      await db
        .update(payments)
        .set({
          status: 'succeeded',
          lastError: null,
          creditedTransactionId: transactionId,
          updatedAt: new Date(),
        })
        .where(eq(payments.id, id));
    },
    async uncreditedSince(userId: string, provider: PaymentRow['provider'], since: Date, limit: number) {
      return db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.userId, userId),
            eq(payments.provider, provider),
            isNull(payments.creditedTransactionId),
            gte(payments.createdAt, since),
          ),
        )
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(limit);
    },
    /**
     * Payments someone tried to pay (credited, failed or in flight), newest first. An intent opened
     * by visiting checkout and never paid is not a sale.
     */
    async salesPage(limit: number, cursor?: Cursor) {
      const conds: (SQL | undefined)[] = [
        or(
          isNotNull(payments.creditedTransactionId),
          ne(payments.status, 'requires_payment_method'),
          isNotNull(payments.lastError),
        ),
      ];
      if (cursor) conds.push(beforeCursor(payments.createdAt, payments.id, cursor));
      return db
        .select({
          payment: payments,
          user: { id: users.id, username: users.username, email: users.email },
          cursorTs: exactTime(payments.createdAt),
        })
        .from(payments)
        .innerJoin(users, eq(users.id, payments.userId))
        .where(and(...conds))
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(limit);
    },
  };
}
