import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditAction, AuditPage } from '@shared/schemas/audit';
import { apiFetch, buildQueryPath } from '@web/lib/api';

/** The filters the Audit log tab sends; empty ones are left out of the URL. */
export type AuditFilters = {
  action?: AuditAction;
  targetUserId?: string;
  adminId?: string;
  from?: string;
  to?: string;
};

export const auditKeys = {
  all: ['/api/admin/audit'] as const,
  list: (f: AuditFilters) => ['/api/admin/audit', f] as const,
};

/** `GET /api/admin/audit`, newest first, one page per "Load more". */
export function useAuditLog(filters: AuditFilters, enabled = true) {
  return useInfiniteQuery({
    queryKey: auditKeys.list(filters),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiFetch<AuditPage>(
        buildQueryPath(['/api/admin/audit', { ...filters, cursor: pageParam ?? undefined }]),
        { signal },
      ),
    getNextPageParam: (last) => last.nextCursor,
    enabled,
    // every admin write adds entries: opening the tab always shows the latest
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
