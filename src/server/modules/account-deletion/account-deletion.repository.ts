import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  generations,
  mailOutbox,
  models,
  offlinePaymentIntents,
  payments,
  sessions,
  siteTheme,
  ticketNotes,
  transactions,
  users,
} from '../../db/schema/index';
import { createRateLimiter } from '../../lib/rate-limiter';
import { userChanged } from '../../lib/user-changes';
import { normaliseIdentifier } from '../../../shared/normalise';
import { nameCounters } from '../auth';
import type { UserRow } from '../users';

/** Every SQL statement of an account deletion (docs/decisions/026-account-deletion.md). */
export function createAccountDeletionRepository(db: DbOrTx) {
  return {
    async byId(id: string) {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row ?? null;
    },

    async lockUser(id: string) {
      const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
      return row ?? null;
    },

    /** Marks the account as being deleted (once) and ends every session of it, in the caller's transaction. */
    async markRequested(id: string) {
      const [row] = await db
        .update(users)
        .set({ deletedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(users.id, id), isNull(users.deletedAt)))
        .returning({ id: users.id });
      await db.delete(sessions).where(eq(sessions.userId, id));
      userChanged(id);
      return Boolean(row);
    },

    async unfinishedGenerations(userId: string) {
      const rows = await db
        .select({ id: generations.id })
        .from(generations)
        .where(and(eq(generations.userId, userId), inArray(generations.status, ['pending', 'running'])));
      return rows.map((r) => r.id);
    },

    async modelsOf(userId: string) {
      return db.select().from(models).where(eq(models.userId, userId));
    },

    /** The vendor's model version is gone: a restarted deletion does not ask for it again. */
    async forgetTrainingVersion(modelId: string) {
      await db.update(models).set({ trainingVersion: null }).where(eq(models.id, modelId));
    },

    /**
     * The last step, in one transaction: a tombstone user takes over the ledger and the purchases
     * (their balance with them, so the ledger still sums), everything else that names the user is
     * cleared, and the user row goes (its cascades take sessions, tokens, models, photos' rows, images,
     * generations, tickets, referrals and exports).
     */
    async replaceWithTombstone(user: UserRow) {
      const tombstoneId = randomUUID();
      const tag = randomBytes(8).toString('hex');
      await db.insert(users).values({
        id: tombstoneId,
        username: `deleted-${tag}`,
        email: `deleted-${tag}@deleted.invalid`,
        // not an argon2 hash: no password ever verifies against it
        passwordHash: '!',
        status: 'suspended',
        tokenBalance: user.tokenBalance,
        tokensOwed: user.tokensOwed,
        paymentFlagReason: user.paymentFlagReason,
        paymentFlaggedAt: user.paymentFlaggedAt,
        referralCode: `X${tag.toUpperCase()}`,
        deletedAt: user.deletedAt ?? new Date(),
        createdAt: user.createdAt,
      });
      await db.update(transactions).set({ userId: tombstoneId }).where(eq(transactions.userId, user.id));
      // rows about the user (a sign-up bonus, an admin adjustment) name them as their subject too
      await db.update(transactions).set({ refId: tombstoneId }).where(eq(transactions.refId, user.id));
      // and some idempotency keys (`signup:<userId>`): the key stays unique with the tombstone's id in it
      await db
        .update(transactions)
        .set({ idempotencyKey: sql`replace(${transactions.idempotencyKey}, ${user.id}, ${tombstoneId})` })
        .where(sql`position(${user.id} in ${transactions.idempotencyKey}) > 0`);
      await db
        .update(payments)
        .set({ userId: tombstoneId, clientSecret: null })
        .where(eq(payments.userId, user.id));
      // the offline payment provider stands in for Stripe; its records name the tombstone too
      await db
        .update(offlinePaymentIntents)
        .set({
          metadata: sql`jsonb_set(${offlinePaymentIntents.metadata}, '{userId}', to_jsonb(${tombstoneId}::text))`,
        })
        .where(sql`${offlinePaymentIntents.metadata}->>'userId' = ${user.id}`);
      await db.update(users).set({ referredBy: null }).where(eq(users.referredBy, user.id));
      await db.update(ticketNotes).set({ authorId: null }).where(eq(ticketNotes.authorId, user.id));
      await db.update(siteTheme).set({ updatedBy: null }).where(eq(siteTheme.updatedBy, user.id));
      // exactly the counters written as the account's (lib/rate-limiter.ts): never a pattern over its
      // name or keys, which would free other accounts' throttles (issue 40, point 1)
      const counters = createRateLimiter(db);
      await counters.deleteOwnedBy(user.id);
      // and the counters keyed on its name (attempts while it was being deleted): by the exact keys the
      // sign-in builds for that one name
      await counters.deleteKeys(nameCounters(normaliseIdentifier(user.username)));
      await db.delete(mailOutbox).where(sql`lower(${mailOutbox.to}) = lower(${user.email})`);
      await db.delete(users).where(eq(users.id, user.id));
      userChanged(user.id);
      return tombstoneId;
    },
  };
}
