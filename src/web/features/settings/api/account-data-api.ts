import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountApi } from '@shared/api/account';
import { apiQuery, call, keyOf } from '@web/lib/api-client';

/** The user's latest data export (Settings → Privacy); only this feature reads it. */
export const exportKeys = { latest: keyOf(accountApi.latestExport) };

const POLL_MS = 2000;

/** The latest export, polled while it is being prepared. */
export function useLatestExport() {
  return useQuery({
    ...apiQuery(accountApi.latestExport),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.export?.status === 'pending' ? POLL_MS : false),
  });
}

export function useRequestExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(accountApi.requestExport),
    // the card says a refusal in its own line
    meta: { errorToast: false },
    onSuccess: (data) => client.setQueryData(exportKeys.latest, { export: data.export }),
  });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (password: string) => call(accountApi.deleteAccount, { body: { password } }),
    // the dialog says a wrong password beside its field
    meta: { errorToast: false },
  });
}
