import { useInfiniteQuery } from '@tanstack/react-query';
import { adminApi } from '@shared/api/admin';
import type { AuditQueryInput } from '@shared/schemas/audit';
import { call, keyOf } from '@web/lib/api-client';

/** The filters the Audit log tab sends; empty ones are left out of the URL. */
export type AuditFilters = Omit<AuditQueryInput, 'cursor' | 'limit'>;

export const auditKeys = {
  all: keyOf(adminApi.audit),
  list: (f: AuditFilters) => keyOf(adminApi.audit, { query: f }),
};

/** `GET /api/admin/audit`, newest first, one page per "Load more". */
export function useAuditLog(filters: AuditFilters, enabled = true) {
  return useInfiniteQuery({
    queryKey: auditKeys.list(filters),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      call(adminApi.audit, { query: { ...filters, cursor: pageParam ?? undefined }, signal }),
    getNextPageParam: (last) => last.nextCursor,
    enabled,
    // every admin write adds entries: opening the tab always shows the latest
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
