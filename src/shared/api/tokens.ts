import {
  createPaymentIntentResponseSchema,
  createPaymentIntentSchema,
  offlineConfirmResponseSchema,
  offlineConfirmSchema,
  purchaseResponseSchema,
  purchaseTokensSchema,
  recheckResponseSchema,
  tokenPackageListSchema,
  transactionListSchema,
  transactionsQuerySchema,
  transactionsSummarySchema,
} from '../schemas/tokens';
import { defineRoute } from './define';

/** Token packages, checkout and the person's transactions (server: modules/tokens). */
export const tokensApi = {
  packages: defineRoute({
    method: 'GET',
    path: '/api/token-packages',
    response: { 200: tokenPackageListSchema },
  }),
  /** a plain list; older pages through ?cursor=, the next one in X-Next-Cursor */
  transactions: defineRoute({
    method: 'GET',
    path: '/api/transactions',
    query: transactionsQuerySchema,
    response: { 200: transactionListSchema },
  }),
  transactionsSummary: defineRoute({
    method: 'GET',
    path: '/api/transactions/summary',
    response: { 200: transactionsSummarySchema },
  }),
  createPaymentIntent: defineRoute({
    method: 'POST',
    path: '/api/create-payment-intent',
    body: createPaymentIntentSchema,
    response: { 200: createPaymentIntentResponseSchema },
  }),
  purchase: defineRoute({
    method: 'POST',
    path: '/api/purchase-tokens',
    body: purchaseTokensSchema,
    response: { 200: purchaseResponseSchema },
  }),
  confirmOffline: defineRoute({
    method: 'POST',
    path: '/api/payments/offline/confirm',
    body: offlineConfirmSchema,
    response: { 200: offlineConfirmResponseSchema },
  }),
  recheck: defineRoute({
    method: 'POST',
    path: '/api/payments/recheck',
    response: { 200: recheckResponseSchema },
  }),
};
