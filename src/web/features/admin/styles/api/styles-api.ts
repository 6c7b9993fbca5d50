import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { stylesApi } from '@shared/api/styles';
import type { PresetStyleInput } from '@shared/schemas/styles';
import { ApiError } from '@web/lib/api';
import { apiQuery, call } from '@web/lib/api-client';
import { styleKeys } from '@web/lib/query-keys';
import { ALL_STYLES } from '../../shared/admin-query-keys';
import type { ErrorPolicyMeta } from '@web/lib/error-policy';

/** Every preset style, inactive and NSFW ones too, for the Preset Styles tab. */
export const useAdminStyles = () => useQuery(apiQuery(stylesApi.list, { query: ALL_STYLES }));

export function useStyle(id: string | undefined) {
  return useQuery({
    ...apiQuery(stylesApi.detail, { params: { id: id ?? '' }, query: { showNsfw: true } }),
    enabled: Boolean(id),
  });
}

function useStyleMutation<V, R>(fn: (vars: V) => Promise<R>, meta: ErrorPolicyMeta) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta,
    onSuccess: () => client.invalidateQueries({ queryKey: styleKeys.all }),
  });
}

export function useSaveStyle(id: string | undefined) {
  return useStyleMutation(
    (input: PresetStyleInput) =>
      id ? call(stylesApi.update, { params: { id }, body: input }) : call(stylesApi.create, { body: input }),
    // a 400's fields go beside the form's inputs
    { errorTitle: id ? 'Error updating style' : 'Error creating style', errorToast: 'unless-fields' },
  );
}

export function useDeleteStyle() {
  return useStyleMutation((id: string) => call(stylesApi.remove, { params: { id } }), {
    errorTitle: 'Error deleting style',
  });
}

/** Spec part 2 §5: a non-ok answer reads "Failed to upload image"; an answer without a URL "Invalid response from server". */
export async function uploadStyleImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  // typed by the descriptor, but read defensively: the spec names the message for a reply without a URL
  let data: { imageUrl?: unknown };
  try {
    data = await call(stylesApi.uploadImage, { form });
  } catch (err) {
    if (err instanceof ApiError && err.status < 500 && err.body && typeof err.body === 'object') throw err;
    throw new Error('Failed to upload image');
  }
  if (!data || typeof data.imageUrl !== 'string' || !data.imageUrl)
    throw new Error('Invalid response from server');
  return data.imageUrl;
}
