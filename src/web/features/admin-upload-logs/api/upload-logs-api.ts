import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UPLOAD_STATUSES } from '@shared/constants';
import type { UploadLogsResponse } from '@shared/schemas/models';
import { apiFetch } from '@web/lib/api';

export type UploadLogFilter = { search?: string; status?: (typeof UPLOAD_STATUSES)[number] };

/** Keys are the URLs the default query function fetches (src/web/lib/api.ts). */
export const uploadLogKeys = {
  all: ['/api/admin/models/upload-logs'] as const,
  list: (filter: UploadLogFilter) => ['/api/admin/models/upload-logs', filter] as const,
};

/** Read on every visit; the last list stays on screen while a new filter loads. */
export function useUploadLogs(filter: UploadLogFilter) {
  return useQuery<UploadLogsResponse>({
    queryKey: uploadLogKeys.list(filter),
    staleTime: 0,
    placeholderData: (prev) => prev,
  });
}

/** Spec part 2 §7: a re-upload is started on the model; the logs are read again either way. */
export function useRetryUpload(modelId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(`/api/models/${modelId}/reupload`, { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: uploadLogKeys.all }),
  });
}
