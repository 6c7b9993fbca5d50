import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '@shared/schemas/user';
import type {
  CreatePaymentIntentResponse,
  OfflineConfirmResponse,
  TokenPackage,
} from '@shared/schemas/tokens';
import { apiFetch } from '@web/lib/api';
import { USER_QUERY_KEY } from '@web/lib/query-client';
import { tokenPackageKeys, transactionKeys } from '@web/lib/query-keys';

export const tokenKeys = { packages: tokenPackageKeys.all };

export function usePackages() {
  return useQuery<TokenPackage[]>({ queryKey: tokenKeys.packages });
}

export function createPaymentIntent(packageId: string) {
  return apiFetch<CreatePaymentIntentResponse>('/api/create-payment-intent', {
    method: 'POST',
    json: { packageId },
  });
}

export function confirmOfflinePayment(input: {
  paymentIntentId: string;
  cardNumber: string;
  expiry: string;
  cvc: string;
}) {
  return apiFetch<OfflineConfirmResponse>('/api/payments/offline/confirm', { method: 'POST', json: input });
}

export type PurchaseResult = {
  transaction: { id: string; amount: number; type: 'purchase' };
  user: PublicUser;
};

/** Records a paid purchase; the server credits only what the provider confirms, once. */
export function usePurchaseTokens() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { paymentIntentId: string; packageId?: string }) =>
      apiFetch<PurchaseResult>('/api/purchase-tokens', { method: 'POST', json: input }),
    onSuccess: ({ user }) => {
      client.setQueryData(USER_QUERY_KEY, { user });
      void client.invalidateQueries({ queryKey: USER_QUERY_KEY });
      void client.invalidateQueries({ queryKey: transactionKeys.all });
      void client.invalidateQueries({ queryKey: transactionKeys.summary });
    },
  });
}
