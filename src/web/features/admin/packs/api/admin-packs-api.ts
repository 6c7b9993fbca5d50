import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { packsApi } from '@shared/api/packs';
import { stylesApi } from '@shared/api/styles';
import type { PackInput } from '@shared/schemas/packs';
import { apiQuery, call } from '@web/lib/api-client';
import { adminPackKeys, ALL_STYLES } from '../../shared/admin-query-keys';
import { cursorPaging } from '../../shared/admin-queries';

export function useAdminPacks() {
  return useInfiniteQuery({
    queryKey: adminPackKeys.all,
    queryFn: ({ pageParam, signal }) => call(packsApi.adminList, { query: { cursor: pageParam }, signal }),
    ...cursorPaging,
  });
}

/** Every style, inactive ones too, for the prompts' style pickers. */
export function usePackStyles() {
  return useQuery(apiQuery(stylesApi.list, { query: ALL_STYLES }));
}

export function useSavePack() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string | null; body: PackInput }) =>
      v.id
        ? call(packsApi.adminUpdate, { params: { id: v.id }, body: v.body })
        : call(packsApi.adminCreate, { body: v.body }),
    // the pack form shows the failure in its alert and on its fields
    meta: { errorToast: false },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: adminPackKeys.all });
      void client.invalidateQueries({ queryKey: adminPackKeys.userList });
    },
  });
}

export function useSetPackActive() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; isActive: boolean }) =>
      call(packsApi.adminSetActive, { params: { id: v.id }, body: { isActive: v.isActive } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: adminPackKeys.all });
      void client.invalidateQueries({ queryKey: adminPackKeys.userList });
    },
  });
}

export async function uploadPackCover(file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  return (await call(packsApi.adminUploadCover, { form })).coverUrl;
}
