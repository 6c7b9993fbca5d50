import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PresetStyle, PresetStyleInput } from '@shared/schemas/styles';
import { ApiError, apiFetch } from '@web/lib/api';
import { styleKeys } from '@web/lib/query-keys';

export function useStyle(id: string | undefined) {
  return useQuery<PresetStyle>({ queryKey: styleKeys.detail(id ?? ''), enabled: Boolean(id) });
}

function useStyleMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: styleKeys.all }),
  });
}

export function useSaveStyle(id: string | undefined) {
  return useStyleMutation((input: PresetStyleInput) =>
    id
      ? apiFetch<PresetStyle>(`/api/preset-styles/${id}`, { method: 'PUT', json: input })
      : apiFetch<PresetStyle>('/api/preset-styles', { method: 'POST', json: input }),
  );
}

export function useDeleteStyle() {
  return useStyleMutation((id: string) =>
    apiFetch<{ message?: string }>(`/api/preset-styles/${id}`, { method: 'DELETE' }),
  );
}

/** Spec part 2 §5: a non-ok answer reads "Failed to upload image"; an answer without a URL "Invalid response from server". */
export async function uploadStyleImage(file: File): Promise<string> {
  const body = new FormData();
  body.append('image', file);
  let data: { imageUrl?: unknown };
  try {
    data = await apiFetch<{ imageUrl?: unknown }>('/api/preset-styles/upload-image', {
      method: 'POST',
      body,
    });
  } catch (err) {
    if (err instanceof ApiError && err.status < 500 && err.body && typeof err.body === 'object') throw err;
    throw new Error('Failed to upload image');
  }
  if (!data || typeof data.imageUrl !== 'string' || !data.imageUrl)
    throw new Error('Invalid response from server');
  return data.imageUrl;
}
