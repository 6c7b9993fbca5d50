import type { TokenPackage, TransactionView } from '../../../shared/schemas/tokens';
import type { LedgerRow } from './ledger.repository';
import type { PackageRow } from './packages.repository';

export function toTokenPackage(p: PackageRow): TokenPackage {
  return {
    id: p.id,
    name: p.name,
    tokenAmount: p.tokenAmount,
    priceInCents: p.priceInCents,
    isDiscounted: p.isDiscounted,
    isActive: p.isActive,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

/** Rows written before issue 23 named the admin ("… by admin alice"); the user sees "by Support". */
export function userFacingDescription(t: Pick<LedgerRow, 'type' | 'description'>) {
  if (t.type !== 'admin_adjustment' || !t.description) return t.description;
  return t.description.replace(/ by admin \S+$/, ' by Support');
}

export function toTransactionView(t: LedgerRow): TransactionView {
  return {
    id: t.id,
    type: t.type,
    amount: t.amount,
    amountInCents: t.amountInCents,
    description: userFacingDescription(t),
    createdAt: t.createdAt.toISOString(),
    balanceAfter: t.balanceAfter,
    refundOf: t.refundOf,
  };
}
