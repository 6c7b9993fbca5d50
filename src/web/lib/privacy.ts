import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PrivacySettings } from '@shared/schemas/consent';
import { apiFetch } from './api';

// The face-analysis consent (docs/decisions/025-consent-and-retention.md), read by Settings → Privacy
// and by the model screens that ask for it once and say why "different person" is off.
export const PRIVACY_QUERY_KEY = ['/api/user/privacy'] as const;

export function usePrivacy(enabled = true) {
  return useQuery<{ privacy: PrivacySettings }>({ queryKey: PRIVACY_QUERY_KEY, enabled });
}

export function useSetFaceAnalysis() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (faceAnalysis: boolean) =>
      apiFetch<{ privacy: PrivacySettings }>('/api/user/privacy', { method: 'PUT', json: { faceAnalysis } }),
    onSuccess: (data) => client.setQueryData(PRIVACY_QUERY_KEY, data),
  });
}
