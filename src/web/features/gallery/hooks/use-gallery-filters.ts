import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedSearch } from '@web/lib/use-debounced';
import type { GalleryOrder } from '../api/gallery-api';

/** The gallery's filters: the search (asked for once typing pauses), model, style, order and album. */
export function useGalleryFilters() {
  const { text: searchText, setText: setSearchText, query: search } = useDebouncedSearch();
  const [modelId, setModelId] = useState('all');
  const [styleId, setStyleId] = useState('all');
  const [order, setOrder] = useState<GalleryOrder>('newest');
  // ?album=<batch id>: one photo pack's results (the Packs page links here)
  const [params, setParams] = useSearchParams();
  const album = params.get('album') ?? 'all';
  const setAlbum = (v: string) => setParams(v === 'all' ? {} : { album: v }, { replace: true });
  const filtered =
    search !== '' || modelId !== 'all' || styleId !== 'all' || order !== 'newest' || album !== 'all';
  return {
    query: { search, modelId, styleId, order, album },
    searchText,
    setSearchText,
    setModelId,
    setStyleId,
    setOrder,
    setAlbum,
    /** any filter differs from "everything, newest first": an empty list means "nothing matches" */
    filtered,
  };
}

export type GalleryFiltersState = ReturnType<typeof useGalleryFilters>;
