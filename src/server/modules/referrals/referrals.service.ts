import { REFERRAL_BONUS } from '../../../shared/constants';
import type { DbOrTx } from '../../db/client';
import { applyLedgerEntry } from '../tokens/ledger.service';
import { createReferralsRepository } from './referrals.repository';

// DECISIONS 20: both bonuses once, when the invited friend verifies their e-mail. Call inside a transaction.
export async function grantReferralBonuses(tx: DbOrTx, invitedId: string) {
  const referral = await createReferralsRepository(tx).claimPending(invitedId, REFERRAL_BONUS);
  if (!referral) return null;
  await applyLedgerEntry(tx, {
    userId: referral.inviterId,
    type: 'bonus',
    amount: REFERRAL_BONUS,
    idempotencyKey: `referral:${referral.id}:inviter`,
    description: 'Referral bonus: a friend you invited joined',
    refType: 'referral',
    refId: referral.id,
  });
  await applyLedgerEntry(tx, {
    userId: referral.invitedId,
    type: 'bonus',
    amount: REFERRAL_BONUS,
    idempotencyKey: `referral:${referral.id}:invited`,
    description: 'Referral bonus: welcome from your friend',
    refType: 'referral',
    refId: referral.id,
  });
  return referral;
}
