import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiKeysApi } from '@shared/api/api-keys';
import type { CreateApiKeyInput } from '@shared/schemas/api-keys';
import { apiQuery, call, keyOf } from '@web/lib/api-client';

/** The user's personal API keys (Settings → API keys); only this feature reads them. */
export const apiKeyKeys = { all: keyOf(apiKeysApi.list) };

export function useApiKeys() {
  return useQuery({ ...apiQuery(apiKeysApi.list), staleTime: 0 });
}

/** Answers the one response that carries the token; it is kept in the dialog's state only. */
export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiKeyInput) => call(apiKeysApi.create, { body: input }),
    // the dialog says a refusal beside its fields or under the form
    meta: { errorToast: false },
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(apiKeysApi.revoke, { params: { id } }),
    meta: { errorTitle: 'Could not revoke the key' },
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
