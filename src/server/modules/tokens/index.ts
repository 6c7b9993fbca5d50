// What other modules may use of tokens/ (docs/architecture.md "Module walls"): the ledger is the one
// writer of balances, so money moves only through these functions, inside the caller's transaction.
export type { LedgerRow } from './ledger.repository';
export {
  applyLedgerEntry,
  collectOwedTokens,
  inLedgerTransaction,
  ledgerEntryByKey,
  ledgerMismatches,
  lockOwedTokens,
  paymentReversalRows,
  settleOwedTokens,
  takeBackTokens,
  tokenBalance,
  type LedgerEntry,
} from './ledger.service';
export { packageById } from './packages.service';
