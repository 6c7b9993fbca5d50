import { useInfiniteQuery } from '@tanstack/react-query';
import { adminApi } from '@shared/api/admin';
import type { SaleView } from '@shared/schemas/tokens';
import { call } from '@web/lib/api-client';
import { adminKeys } from '../../shared/admin-query-keys';
import { cursorPaging } from '../../shared/admin-queries';

export type Sale = SaleView;

export function useSales() {
  return useInfiniteQuery({
    queryKey: adminKeys.sales,
    ...cursorPaging,
    queryFn: ({ pageParam, signal }) => call(adminApi.sales, { query: { cursor: pageParam }, signal }),
  });
}
