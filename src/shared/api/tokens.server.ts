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
import { serverSide } from './define';

/** The server's half of `tokensApi`: who may call each route, what it validates and answers. */
export const tokensServer = serverSide({
  packages: { guard: 'user', response: { 200: tokenPackageListSchema } },
  transactions: { guard: 'user', query: transactionsQuerySchema, response: { 200: transactionListSchema } },
  transactionsSummary: { guard: 'user', response: { 200: transactionsSummarySchema } },
  createPaymentIntent: {
    guard: 'user',
    body: createPaymentIntentSchema,
    response: { 200: createPaymentIntentResponseSchema },
  },
  purchase: { guard: 'user', body: purchaseTokensSchema, response: { 200: purchaseResponseSchema } },
  confirmOffline: {
    guard: 'user',
    body: offlineConfirmSchema,
    response: { 200: offlineConfirmResponseSchema },
  },
  recheck: { guard: 'user', response: { 200: recheckResponseSchema } },
});
