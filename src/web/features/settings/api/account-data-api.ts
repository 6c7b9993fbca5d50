import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataExport } from '@shared/schemas/account-data';
import { apiFetch } from '@web/lib/api';

/** The user's latest data export (Settings → Privacy); only this feature reads it. */
export const exportKeys = { latest: ['/api/user/exports/latest'] as const };

const POLL_MS = 2000;

/** The latest export, polled while it is being prepared. */
export function useLatestExport() {
  return useQuery<{ export: DataExport | null }>({
    queryKey: exportKeys.latest,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.export?.status === 'pending' ? POLL_MS : false),
  });
}

export function useRequestExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<{ export: DataExport }>('/api/user/exports', { method: 'POST' }),
    onSuccess: (data) => client.setQueryData(exportKeys.latest, { export: data.export }),
  });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (password: string) =>
      apiFetch<{ success: boolean; message: string }>('/api/user/account', {
        method: 'DELETE',
        json: { password },
      }),
  });
}
