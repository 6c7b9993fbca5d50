import type { tokensApi } from '../tokens';
import type { OperationDocs } from './operation-doc';

/** What each route of `tokensApi` does, for the OpenAPI document (src/server/modules/api-keys/openapi.ts). */
export const tokensDocs: OperationDocs<typeof tokensApi> = {
  packages: {
    summary: 'List token packages',
    description: 'The packages of tokens for sale, with their prices.',
  },
  transactions: {
    summary: 'List your transactions',
    description: 'Your token ledger: purchases, usage, refunds, bonuses and adjustments, paged.',
  },
  transactionsSummary: {
    summary: 'Summarise your transactions',
    description: 'Your tokens bought, spent and refunded per month.',
  },
  createPaymentIntent: {
    summary: 'Start a payment',
    description:
      'Creates the card payment for a token package and answers with what the checkout page needs.',
  },
  purchase: {
    summary: 'Complete a purchase',
    description: "Credits a package's tokens once its payment has succeeded.",
  },
  confirmOffline: {
    summary: 'Confirm a test payment',
    description:
      'Completes a payment when the site runs without a card processor (test and development setups).',
  },
  recheck: {
    summary: 'Check a payment again',
    description:
      'Asks the card processor about a payment whose answer did not arrive, and credits it if it succeeded.',
  },
};
