import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { GALLERY_POLL_MS } from '@shared/constants';
import type { GalleryPage, GeneratedImageView } from '@shared/schemas/generation';
import { generationApi } from '@shared/api/generation';
import { modelsApi } from '@shared/api/models';
import { packsApi } from '@shared/api/packs';
import { stylesApi } from '@shared/api/styles';
import { apiQuery, call } from '@web/lib/api-client';
import { generatedImageKeys, modelKeys, styleKeys } from '@web/lib/query-keys';
import { prefetchForVisit, refetchOnVisit } from '@web/lib/query-client';

/** newest first; "likeness": most like you first (scored images only); "like60": newest with a score of 60+ */
export type GalleryOrder = 'newest' | 'likeness' | 'like60';
export const LIKENESS_FILTER_MIN = 60;
export type GalleryFilters = {
  search: string;
  modelId: string;
  styleId: string;
  order?: GalleryOrder;
  /** one photo-pack batch (an album), or 'all' */
  album?: string;
};
const GALLERY_STYLES = { showNsfw: true };
export const galleryKeys = {
  all: generatedImageKeys.all,
  list: generatedImageKeys.list,
  models: modelKeys.all,
  styles: styleKeys.list(GALLERY_STYLES),
};

type GalleryParams = { search?: string; modelId?: string; styleId?: string };

function galleryQuery(params: GalleryParams) {
  return infiniteQueryOptions({
    queryKey: galleryKeys.list(params),
    queryFn: ({ pageParam, signal }) =>
      call(generationApi.images, { query: { ...params, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: GalleryPage) =>
      last.nextCursor && last.images.length > 0 ? last.nextCursor : undefined,
  });
}

/** Cursor pages of the user's images, refreshed every 5 s and on focus, fresh for 2 s (docs/product/spec-part-2.md §4). */
export function useGallery(filters: GalleryFilters) {
  const params = {
    search: filters.search || undefined,
    modelId: filters.modelId === 'all' ? undefined : filters.modelId,
    styleId: filters.styleId === 'all' ? undefined : filters.styleId,
    sort: filters.order === 'likeness' ? ('likeness' as const) : undefined,
    minLikeness: filters.order === 'like60' ? String(LIKENESS_FILTER_MIN) : undefined,
    packBatchId: filters.album && filters.album !== 'all' ? filters.album : undefined,
  };
  return useInfiniteQuery({
    ...galleryQuery(params),
    refetchInterval: GALLERY_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 2000,
  });
}

/** The unfiltered first page and the filters' lists, started by the router beside the page's download. */
export async function prefetchGallery(client: QueryClient): Promise<void> {
  await Promise.all([
    client.prefetchInfiniteQuery({
      ...galleryQuery({ search: undefined, modelId: undefined, styleId: undefined }),
      staleTime: 2000,
    }),
    prefetchForVisit(client, galleryKeys.models),
    client.prefetchQuery(apiQuery(stylesApi.list, { query: GALLERY_STYLES })),
  ]);
}

/** The pages merged by id without duplicates, newest first. */
export function mergeById(pages: GalleryPage[] | undefined): GeneratedImageView[] {
  const seen = new Set<string>();
  const out: GeneratedImageView[] = [];
  for (const p of pages ?? []) {
    for (const img of p.images) {
      if (seen.has(img.id)) continue;
      seen.add(img.id);
      out.push(img);
    }
  }
  return out;
}

export function useGalleryModels() {
  // read on every visit: a model that finished training elsewhere belongs in the filter
  return useQuery({ ...apiQuery(modelsApi.list), refetchOnMount: refetchOnVisit });
}
export function useGalleryStyles() {
  // the server adds NSFW styles only for users who enabled NSFW content (docs/product/decisions.md §23), so their
  // images made with such a style can be filtered too
  return useQuery(apiQuery(stylesApi.list, { query: GALLERY_STYLES }));
}

export function useDeleteGalleryImage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(generationApi.deleteImage, { params: { id } }),
    meta: { errorFallback: 'Failed to delete the image.' },
    onSuccess: () => client.invalidateQueries({ queryKey: galleryKeys.all }),
  });
}

/** The user's photo-pack batches: the albums the gallery can show on their own. */
export function useGalleryAlbums() {
  return useQuery(apiQuery(packsApi.batches));
}
