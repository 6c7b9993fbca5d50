import type { tokensServer } from './tokens.server';
import { endpoints } from './define';

/** Token packages, checkout and the person's transactions (server: modules/tokens). */
export const tokensApi = endpoints<typeof tokensServer>()({
  packages: { method: 'GET', path: '/api/token-packages' },
  /** a plain list; older pages through ?cursor=, the next one in X-Next-Cursor */
  transactions: { method: 'GET', path: '/api/transactions' },
  transactionsSummary: { method: 'GET', path: '/api/transactions/summary' },
  createPaymentIntent: { method: 'POST', path: '/api/create-payment-intent' },
  purchase: { method: 'POST', path: '/api/purchase-tokens' },
  confirmOffline: { method: 'POST', path: '/api/payments/offline/confirm' },
  recheck: { method: 'POST', path: '/api/payments/recheck' },
});
