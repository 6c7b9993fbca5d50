import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { adminApi } from '@shared/api/admin';
import { generationApi } from '@shared/api/generation';
import { stylesApi } from '@shared/api/styles';
import type { AdminGalleryQuery } from '@shared/schemas/generation';
import { apiQuery, call, keyOf } from '@web/lib/api-client';

const PAGE_SIZE = 24;
// every style, inactive and NSFW ones too: an image may have been made with any of them
const ALL_STYLES = { showNsfw: true, includeInactive: true } as const;

/** The filters as sent: "all" and empty choices are left out. */
export type AdminGalleryFilter = Omit<AdminGalleryQuery, 'cursor' | 'limit'>;

export const adminGalleryKeys = {
  all: keyOf(adminApi.images),
  list: (filter: AdminGalleryFilter) => keyOf(adminApi.images, { query: filter }),
  baseModels: keyOf(generationApi.baseModels),
  styles: keyOf(stylesApi.list, { query: ALL_STYLES }),
};

/** Every generated image, newest first, a page at a time. */
export function useAdminImages(filter: AdminGalleryFilter) {
  return useInfiniteQuery({
    queryKey: adminGalleryKeys.list(filter),
    queryFn: ({ pageParam, signal }) =>
      call(adminApi.images, { query: { ...filter, cursor: pageParam, limit: PAGE_SIZE }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.nextCursor && last.images.length > 0 ? last.nextCursor : undefined),
  });
}

/** The base models and styles the filters offer. */
export function useGalleryFilterOptions() {
  const baseModels = useQuery(apiQuery(generationApi.baseModels));
  const styles = useQuery(apiQuery(stylesApi.list, { query: ALL_STYLES }));
  return { baseModels, styles };
}
