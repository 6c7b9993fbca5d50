import type { LedgerRow } from '../tokens';

/**
 * What settling a purchase came to. Its own file so that payment-reversals.ts, which payments.service.ts
 * builds, can name it without importing the service back.
 */
export type SettleResult =
  | { kind: 'credited'; row: LedgerRow; duplicate: boolean }
  | { kind: 'pending'; status: string; error: string | null }
  | { kind: 'missing' }
  | { kind: 'mismatch'; reason: string };
