import type { ReactNode } from 'react';
import type { GeneratedImageView } from '@shared/schemas/generation';
import {
  LazyImageDetailsDialog as ImageDetailsDialog,
  LazyImageLightbox as ImageLightbox,
} from '@web/components/generated-image/overlays-on-demand';
import { OverlayOnDemand } from '@web/components/ui/overlay-on-demand';
import type { ImagePreview } from '../hooks/use-image-preview';

type Props = {
  images: GeneratedImageView[];
  preview: ImagePreview;
  hideNsfw: boolean;
  onDownload: (image: GeneratedImageView) => void;
  /** the gallery's list is paged: more images exist than `images` holds */
  hasMore?: boolean;
  onWrapToLast?: () => void;
  /** no face-analysis consent: the details say why there is no likeness score (decision 025) */
  likenessOff?: boolean;
  /** more in the details dialog (the gallery's upscale panel) */
  detailsExtra?: (image: GeneratedImageView) => ReactNode;
};

/**
 * The gallery's and the album's viewer: the full-screen preview and the details dialog, each loaded
 * the first time it opens (components/ui/overlay-on-demand.tsx).
 */
export function ImageViewer({
  images,
  preview,
  hideNsfw,
  onDownload,
  hasMore,
  onWrapToLast,
  likenessOff,
  detailsExtra,
}: Props) {
  const { index, details, setDetails } = preview;
  return (
    <>
      <OverlayOnDemand open={index >= 0}>
        <ImageLightbox
          images={images}
          index={index >= 0 ? index : null}
          onIndexChange={preview.setIndex}
          hasMore={hasMore}
          onWrapToLast={onWrapToLast}
          onDownload={onDownload}
          onDetails={(img) => setDetails(img)}
          hideNsfw={hideNsfw}
        />
      </OverlayOnDemand>
      <OverlayOnDemand open={details !== null}>
        <ImageDetailsDialog
          image={details}
          open={details !== null}
          onOpenChange={(o) => !o && setDetails(null)}
          hideNsfw={hideNsfw}
          likenessOff={likenessOff}
        >
          {details && detailsExtra ? detailsExtra(details) : null}
        </ImageDetailsDialog>
      </OverlayOnDemand>
    </>
  );
}
