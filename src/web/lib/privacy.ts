import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountApi } from '@shared/api/account';
import { apiQuery, call, keyOf } from './api-client';

// The face-analysis consent (docs/decisions/025-consent-and-retention.md), read by Settings → Privacy
// and by the model screens that ask for it once and say why "different person" is off.
export const PRIVACY_QUERY_KEY = keyOf(accountApi.privacy);

export function usePrivacy(enabled = true) {
  return useQuery({ ...apiQuery(accountApi.privacy), enabled });
}

/** `errorTitle` names a failure in the toast, in the words of the screen that asks. */
export function useSetFaceAnalysis(errorTitle: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (faceAnalysis: boolean) => call(accountApi.setPrivacy, { body: { faceAnalysis } }),
    meta: { errorTitle },
    onSuccess: (data) => client.setQueryData(PRIVACY_QUERY_KEY, data),
  });
}
