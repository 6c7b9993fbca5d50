import {
  LazyImageDetailsDialog as ImageDetailsDialog,
  LazyImageLightbox as ImageLightbox,
} from '@web/components/generated-image/overlays-on-demand';
import { OverlayOnDemand } from '@web/components/ui/overlay-on-demand';
import type { GeneratedCard } from '../lib/generator-state';

type Props = {
  completed: GeneratedCard[];
  previewIndex: number | null;
  onPreviewIndex: (index: number | null) => void;
  details: GeneratedCard | null;
  onDetails: (card: GeneratedCard | null) => void;
  onDownload: (card: { imageUrl?: string }) => void;
  hideNsfw: boolean;
};

/** The generator's preview of its finished images and their details, each loaded when first opened. */
export function ResultViewer({
  completed,
  previewIndex,
  onPreviewIndex: setPreviewIndex,
  details,
  onDetails: setDetails,
  onDownload: download,
  hideNsfw,
}: Props) {
  return (
    <>
      <OverlayOnDemand open={previewIndex !== null && previewIndex >= 0}>
        <ImageLightbox
          images={completed.map((c) => ({ ...c, id: c.key, imageUrl: c.imageUrl! }))}
          index={previewIndex}
          onIndexChange={setPreviewIndex}
          onDownload={download}
          onDetails={(img) => setDetails(completed.find((c) => c.key === img.id) ?? null)}
          hideNsfw={hideNsfw}
        />
      </OverlayOnDemand>
      <OverlayOnDemand open={details !== null}>
        <ImageDetailsDialog
          open={details !== null}
          onOpenChange={(o) => !o && setDetails(null)}
          hideNsfw={hideNsfw}
          image={
            details
              ? {
                  imageUrl: details.imageUrl ?? '',
                  thumbnailUrl: details.thumbnailUrl ?? details.imageUrl ?? '',
                  createdAt: details.createdAt,
                  width: details.width,
                  height: details.height,
                  tokensUsed: details.tokensUsed ?? 0,
                  baseModelName: details.baseModelName ?? null,
                  modelName: details.modelName ?? null,
                  styleName: details.styleName ?? null,
                  prompt: details.prompt,
                  negativePrompt: details.negativePrompt ?? '',
                  isNSFW: details.isNSFW ?? false,
                }
              : null
          }
        />
      </OverlayOnDemand>
    </>
  );
}
