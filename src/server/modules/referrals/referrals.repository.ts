import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { referrals, users } from '../../db/schema/index';

export function createReferralsRepository(db: DbOrTx) {
  return {
    async create(inviterId: string, invitedId: string, code: string) {
      if (inviterId === invitedId) return;
      await db.insert(referrals).values({ inviterId, invitedId, code }).onConflictDoNothing();
    },
    /** Claims the pending referral of an invited user exactly once (the row update is the claim). */
    async claimPending(invitedId: string, bonus: number) {
      const [row] = await db
        .update(referrals)
        .set({ status: 'granted', grantedAt: new Date(), bonusTokens: bonus })
        // nobody earns a bonus for inviting themselves (register cannot create such a row; this guards any other path)
        .where(
          and(
            eq(referrals.invitedId, invitedId),
            eq(referrals.status, 'pending'),
            ne(referrals.inviterId, referrals.invitedId),
          ),
        )
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
        .orderBy(desc(referrals.createdAt), desc(referrals.id))
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
