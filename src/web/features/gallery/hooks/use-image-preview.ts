import { useCallback, useState } from 'react';
import type { GeneratedImageView } from '@shared/schemas/generation';

/**
 * The image shown in the viewer and the one whose details are open. The previewed image is kept by
 * id: the gallery's list is polled and new images arrive at the top, which would move an index onto
 * another picture while it is being looked at.
 */
export function useImagePreview(images: GeneratedImageView[]) {
  const [previewId, setPreviewId] = useState<string | null>(null);
  const [details, setDetails] = useState<GeneratedImageView | null>(null);
  const index = previewId === null ? -1 : images.findIndex((img) => img.id === previewId);
  return {
    previewId,
    /** the previewed image's place in `images`, -1 when none is (or it is not loaded) */
    index,
    open: useCallback((id: string) => setPreviewId(id), []),
    close: useCallback(() => setPreviewId(null), []),
    setIndex: (i: number | null) => setPreviewId(i === null ? null : (images[i]?.id ?? null)),
    details,
    setDetails,
  };
}

export type ImagePreview = ReturnType<typeof useImagePreview>;
