// What other modules may use of referrals/ (docs/architecture.md "Module walls").
export { grantReferralBonuses, recordReferral, referralCountsByInviter } from './referrals.service';
