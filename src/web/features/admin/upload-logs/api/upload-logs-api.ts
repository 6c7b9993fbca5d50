import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '@shared/api/admin';
import { modelsApi } from '@shared/api/models';
import { apiQuery, call } from '@web/lib/api-client';
import { uploadLogKeys, type UploadLogFilter } from '../../shared/admin-query-keys';

/** Read on every visit; the last list stays on screen while a new filter loads. */
export function useUploadLogs(filter: UploadLogFilter) {
  return useQuery({
    ...apiQuery(adminApi.uploadLogs, { query: filter }),
    staleTime: 0,
    placeholderData: (prev) => prev,
  });
}

/** Spec part 2 §7: a re-upload is started on the model; the logs are read again either way. */
export function useRetryUpload(modelId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(modelsApi.reupload, { params: { id: modelId } }),
    meta: { errorPrefix: 'Failed to start re-upload: ', errorFallback: 'Unknown error' },
    onSettled: () => client.invalidateQueries({ queryKey: uploadLogKeys.all }),
  });
}
