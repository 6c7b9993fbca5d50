import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { referrals, users } from '../../db/schema/index';

export function createReferralsRepository(db: DbOrTx) {
  return {
    async create(inviterId: string, invitedId: string, code: string) {
      await db.insert(referrals).values({ inviterId, invitedId, code }).onConflictDoNothing();
    },
    /** Claims the pending referral of an invited user exactly once (the row update is the claim). */
    async claimPending(invitedId: string, bonus: number) {
      const [row] = await db
        .update(referrals)
        .set({ status: 'granted', grantedAt: new Date(), bonusTokens: bonus })
        .where(and(eq(referrals.invitedId, invitedId), eq(referrals.status, 'pending')))
        .returning();
      return row ?? null;
    },
    async invitedBy(inviterId: string) {
      return db
        .select({
          id: referrals.id,
          username: users.username,
          status: referrals.status,
          bonusTokens: referrals.bonusTokens,
          createdAt: referrals.createdAt,
          grantedAt: referrals.grantedAt,
        })
        .from(referrals)
        .innerJoin(users, eq(users.id, referrals.invitedId))
        .where(eq(referrals.inviterId, inviterId))
        .orderBy(desc(referrals.createdAt))
        .limit(500);
    },
    async bonusEarned(inviterId: string) {
      const [row] = await db
        .select({ n: sql<number>`coalesce(sum(${referrals.bonusTokens}), 0)::int` })
        .from(referrals)
        .where(and(eq(referrals.inviterId, inviterId), eq(referrals.status, 'granted')));
      return row.n;
    },
  };
}
