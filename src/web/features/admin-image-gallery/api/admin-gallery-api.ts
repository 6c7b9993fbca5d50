import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { AdminGalleryQuery, GalleryPage } from '@shared/schemas/generation';
import { apiFetch, buildQueryPath } from '@web/lib/api';

const IMAGES = '/api/admin/generated-images';
const PAGE_SIZE = 24;

/** The filters as sent: "all" and empty choices are left out. */
export type AdminGalleryFilter = Omit<AdminGalleryQuery, 'cursor' | 'limit'>;

/** Keys are the URLs the default query function fetches (src/web/lib/api.ts). */
export const adminGalleryKeys = {
  all: [IMAGES] as const,
  list: (filter: AdminGalleryFilter) => [IMAGES, filter] as const,
  baseModels: ['/api/base-models'] as const,
  // every style, inactive and NSFW ones too: an image may have been made with any of them
  styles: ['/api/preset-styles', { showNsfw: true, includeInactive: true }] as const,
};

/** Every generated image, newest first, a page at a time. */
export function useAdminImages(filter: AdminGalleryFilter) {
  return useInfiniteQuery({
    queryKey: adminGalleryKeys.list(filter),
    queryFn: ({ pageParam, signal }) =>
      apiFetch<GalleryPage>(buildQueryPath([IMAGES, { ...filter, cursor: pageParam, limit: PAGE_SIZE }]), {
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.nextCursor && last.images.length > 0 ? last.nextCursor : undefined),
  });
}

type Option = { id: string; name: string };

/** The base models and styles the filters offer. */
export function useGalleryFilterOptions() {
  const baseModels = useQuery<Option[]>({ queryKey: adminGalleryKeys.baseModels });
  const styles = useQuery<Option[]>({ queryKey: adminGalleryKeys.styles });
  return { baseModels, styles };
}
