import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { tokensApi } from '@shared/api/tokens';
import { NEXT_CURSOR_HEADER, TRANSACTIONS_PAGE } from '@shared/constants';
import type { RecheckResponse, TransactionsPage } from '@shared/schemas/tokens';
import { apiQuery, call } from '@web/lib/api-client';
import { USER_QUERY_KEY } from '@web/lib/query-client';
import { transactionKeys } from '@web/lib/query-keys';

export type TypeFilter = 'all' | 'purchase' | 'usage' | 'refund';

/** GET /api/transactions: an array, newest first; the next page's cursor in the X-Next-Cursor header. */
export function useTransactions(type: TypeFilter) {
  return useInfiniteQuery({
    queryKey: transactionKeys.list(type === 'all' ? undefined : type),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }): Promise<TransactionsPage> => {
      let nextCursor: string | null = null;
      const transactions = await call(tokensApi.transactions, {
        query: { type: type === 'all' ? undefined : type, limit: TRANSACTIONS_PAGE, cursor: pageParam },
        signal,
        onHeaders: (headers) => (nextCursor = headers.get(NEXT_CURSOR_HEADER)),
      });
      return { transactions, nextCursor };
    },
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });
}

export function useTransactionsSummary() {
  return useQuery({ ...apiQuery(tokensApi.transactionsSummary), staleTime: 0 });
}

export type RecheckResult = RecheckResponse;

/** "Payment received but no tokens?": the server re-reads recent payments from the provider. */
export function useRecheckPayments() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(tokensApi.recheck),
    meta: { errorFallback: 'Could not check your payments. Please try again.' },
    onSuccess: ({ user }) => {
      client.setQueryData(USER_QUERY_KEY, { user });
      void client.invalidateQueries({ queryKey: transactionKeys.all });
      void client.invalidateQueries({ queryKey: transactionKeys.summary });
    },
  });
}
