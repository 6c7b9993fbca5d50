import { REFERRAL_BONUS } from '../../../shared/constants';
import type { ReferralOverview } from '../../../shared/schemas/tokens';
import type { Db, DbOrTx } from '../../db/client';
import type { UserRow } from '../users';
import { applyLedgerEntry } from '../tokens';
import { normaliseMailbox } from './mailbox';
import { createReferralsRepository } from './referrals.repository';

/**
 * docs/product/decisions.md §20: both bonuses once, when the invited friend verifies their e-mail.
 * Issue 13, point 3: one bonus per real mailbox (plus-addresses and gmail dots are one person, the
 * inviter's own mailbox included) and at most `monthlyCap` paid referrals per inviter per calendar
 * month (UTC); the others are recorded as duplicate / over_cap and pay nobody. Returns the paid
 * referral, or null. Call inside a transaction.
 */
export async function grantReferralBonuses(tx: DbOrTx, invitedId: string, opts: { monthlyCap: number }) {
  const repo = createReferralsRepository(tx);
  const pending = await repo.lockPending(invitedId);
  if (!pending) return null;
  const mailbox = normaliseMailbox(pending.invitedEmail);
  await repo.lockMailbox(mailbox);
  const now = new Date();
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const status =
    mailbox === normaliseMailbox(pending.inviterEmail) || (await repo.mailboxPaid(mailbox))
      ? 'duplicate'
      : (await repo.paidSince(pending.inviterId, monthStart)) >= opts.monthlyCap
        ? 'over_cap'
        : 'granted';
  const referral = await repo.settle(pending.id, {
    status,
    mailbox,
    bonus: status === 'granted' ? REFERRAL_BONUS : 0,
  });
  if (referral?.status !== 'granted') return null;
  const bonuses = [
    {
      userId: referral.inviterId,
      side: 'inviter',
      description: 'Referral bonus: a friend you invited joined',
    },
    { userId: referral.invitedId, side: 'invited', description: 'Referral bonus: welcome from your friend' },
  ];
  for (const { userId, side, description } of bonuses) {
    await applyLedgerEntry(tx, {
      userId,
      type: 'bonus',
      amount: REFERRAL_BONUS,
      idempotencyKey: `referral:${referral.id}:${side}`,
      description,
      refType: 'referral',
      refId: referral.id,
    });
  }
  return referral;
}

/** The /referrals page: the user's code and invite link, who joined with it and what it earned. */
export async function referralOverview(db: Db, user: UserRow, publicUrl: string): Promise<ReferralOverview> {
  const repo = createReferralsRepository(db);
  const [invited, bonusEarned] = await Promise.all([repo.invitedBy(user.id), repo.bonusEarned(user.id)]);
  return {
    code: user.referralCode,
    link: `${publicUrl}/register?ref=${encodeURIComponent(user.referralCode)}`,
    invited: invited.map((r) => ({
      username: r.username,
      status: r.status,
      bonusTokens: r.bonusTokens,
      createdAt: r.createdAt.toISOString(),
    })),
    bonusEarned,
  };
}

/** Records who invited the new account (in its sign-up transaction); the bonuses wait for verification. */
export async function recordReferral(
  tx: DbOrTx,
  inviter: { id: string; referralCode: string },
  invitedId: string,
) {
  await createReferralsRepository(tx).create(inviter.id, invitedId, inviter.referralCode);
}

/** Per inviter: how many they invited and how many of those were paid (the admin's user list). */
export const referralCountsByInviter = (db: DbOrTx, inviterIds: string[]) =>
  createReferralsRepository(db).countsByInviter(inviterIds);
