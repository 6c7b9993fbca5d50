import { and, desc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { referrals, users } from '../../db/schema/index';

export function createReferralsRepository(db: DbOrTx) {
  return {
    async create(inviterId: string, invitedId: string, code: string) {
      if (inviterId === invitedId) return;
      await db.insert(referrals).values({ inviterId, invitedId, code }).onConflictDoNothing();
    },
    /**
     * The pending referral of an invited user with both e-mails, locked until the transaction ends;
     * the inviter's row is locked too, so two referrals of one inviter are settled one at a time
     * (the monthly cap counts what the other settled).
     */
    async lockPending(invitedId: string) {
      const inviter = alias(users, 'inviter');
      const [row] = await db
        .select({
          id: referrals.id,
          inviterId: referrals.inviterId,
          invitedId: referrals.invitedId,
          invitedEmail: users.email,
          inviterEmail: inviter.email,
        })
        .from(referrals)
        .innerJoin(users, eq(users.id, referrals.invitedId))
        .innerJoin(inviter, eq(inviter.id, referrals.inviterId))
        .where(and(eq(referrals.invitedId, invitedId), eq(referrals.status, 'pending')))
        .for('update');
      if (!row) return null;
      await db.execute(sql`select id from ${users} where id = ${row.inviterId} for update`);
      return row;
    },
    /** Serialises settling referrals of one mailbox, whoever invited it (released at commit). */
    async lockMailbox(mailbox: string) {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`referral-mailbox:${mailbox}`}))`);
    },
    async mailboxPaid(mailbox: string) {
      const [row] = await db
        .select({ id: referrals.id })
        .from(referrals)
        .where(and(eq(referrals.mailbox, mailbox), eq(referrals.status, 'granted')))
        .limit(1);
      return Boolean(row);
    },
    async paidSince(inviterId: string, since: Date) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(referrals)
        .where(
          and(
            eq(referrals.inviterId, inviterId),
            eq(referrals.status, 'granted'),
            gte(referrals.grantedAt, since),
          ),
        );
      return row.n;
    },
    /** Settles a pending referral exactly once (the row update is the claim). */
    async settle(
      id: string,
      values: { status: 'granted' | 'duplicate' | 'over_cap'; mailbox: string; bonus: number },
    ) {
      const [row] = await db
        .update(referrals)
        .set({
          status: values.status,
          mailbox: values.mailbox,
          bonusTokens: values.bonus,
          grantedAt: values.status === 'granted' ? new Date() : null,
        })
        // nobody earns a bonus for inviting themselves (register cannot create such a row; this guards any other path)
        .where(
          and(
            eq(referrals.id, id),
            eq(referrals.status, 'pending'),
            ne(referrals.inviterId, referrals.invitedId),
          ),
        )
        .returning();
      return row ?? null;
    },
    /** Referrals made and paid per inviter, for the admin's user list. */
    async countsByInviter(inviterIds: string[]) {
      if (inviterIds.length === 0) return new Map<string, { invited: number; paid: number }>();
      const rows = await db
        .select({
          inviterId: referrals.inviterId,
          invited: sql<number>`count(*)::int`,
          paid: sql<number>`(count(*) filter (where ${referrals.status} = 'granted'))::int`,
        })
        .from(referrals)
        .where(inArray(referrals.inviterId, inviterIds))
        .groupBy(referrals.inviterId);
      return new Map(rows.map((r) => [r.inviterId, { invited: r.invited, paid: r.paid }]));
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
