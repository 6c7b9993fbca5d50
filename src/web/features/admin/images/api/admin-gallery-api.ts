import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { adminApi } from '@shared/api/admin';
import { generationApi } from '@shared/api/generation';
import { stylesApi } from '@shared/api/styles';
import { apiQuery, call } from '@web/lib/api-client';
import { adminGalleryKeys, ALL_STYLES, type AdminGalleryFilter } from '../../shared/admin-query-keys';

const PAGE_SIZE = 24;

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

/** The base models and styles the filters offer (every style: an image may have been made with any). */
export function useGalleryFilterOptions() {
  const baseModels = useQuery(apiQuery(generationApi.baseModels));
  const styles = useQuery(apiQuery(stylesApi.list, { query: ALL_STYLES }));
  return { baseModels, styles };
}
