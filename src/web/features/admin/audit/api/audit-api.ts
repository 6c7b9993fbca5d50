import { useInfiniteQuery } from '@tanstack/react-query';
import { adminApi } from '@shared/api/admin';
import { call } from '@web/lib/api-client';
import { auditKeys, type AuditFilters } from '../../shared/admin-query-keys';
import { cursorPaging } from '../../shared/admin-queries';

/** `GET /api/admin/audit`, newest first, one page per "Load more". */
export function useAuditLog(filters: AuditFilters, enabled = true) {
  return useInfiniteQuery({
    queryKey: auditKeys.list(filters),
    ...cursorPaging,
    queryFn: ({ pageParam, signal }) =>
      call(adminApi.audit, { query: { ...filters, cursor: pageParam }, signal }),
    enabled,
    // every admin write adds entries: opening the tab always shows the latest
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
