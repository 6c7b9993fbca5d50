import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { tokensApi } from '@shared/api/tokens';
import { apiQuery, call } from '@web/lib/api-client';
import { USER_QUERY_KEY } from '@web/lib/query-client';
import { tokenPackageKeys, transactionKeys } from '@web/lib/query-keys';
import type { ErrorPolicyMeta } from '@web/lib/error-policy';

export const tokenKeys = { packages: tokenPackageKeys.all };

export function usePackages() {
  return useQuery(apiQuery(tokensApi.packages));
}

export function createPaymentIntent(packageId: string) {
  return call(tokensApi.createPaymentIntent, { body: { packageId } });
}

export function confirmOfflinePayment(input: {
  paymentIntentId: string;
  cardNumber: string;
  expiry: string;
  cvc: string;
}) {
  return call(tokensApi.confirmOffline, { body: input });
}

/**
 * Records a paid purchase; the server credits only what the provider confirms, once. `meta` words a
 * failure for the screen that records it (src/web/lib/error-policy.ts).
 */
export function usePurchaseTokens(meta: ErrorPolicyMeta) {
  const client = useQueryClient();
  return useMutation({
    meta,
    mutationFn: (input: { paymentIntentId: string; packageId?: string }) =>
      call(tokensApi.purchase, { body: input }),
    onSuccess: ({ user }) => {
      client.setQueryData(USER_QUERY_KEY, { user });
      void client.invalidateQueries({ queryKey: USER_QUERY_KEY });
      void client.invalidateQueries({ queryKey: transactionKeys.all });
      void client.invalidateQueries({ queryKey: transactionKeys.summary });
    },
  });
}
