import { useEffect, useState } from 'react';
import type { GeneratedImageView } from '@shared/schemas/generation';
import type { ImagePreview } from './use-image-preview';

type Pages = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
};

/**
 * Spec part 2 §4 "n / total": while the preview is open the remaining pages are read, so the counter
 * shows the real total and ← on the first image can wrap to the real last one. Returns what ← on the
 * first image calls while more pages exist.
 */
export function useReadAllWhilePreviewing(pages: Pages, images: GeneratedImageView[], preview: ImagePreview) {
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = pages;
  const previewing = preview.previewId !== null;
  const [wrapToLast, setWrapToLast] = useState(false);
  useEffect(() => {
    if (previewing && hasNextPage && !isFetchingNextPage && !isFetchNextPageError) {
      fetchNextPage().catch((err) => console.warn('Could not load more images', err));
    }
  }, [previewing, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
  const { open } = preview;
  useEffect(() => {
    if (!wrapToLast || hasNextPage) return;
    setWrapToLast(false);
    const last = images[images.length - 1];
    if (previewing && last) open(last.id);
  }, [wrapToLast, hasNextPage, images, previewing, open]);
  return () => setWrapToLast(true);
}
