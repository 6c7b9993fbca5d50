import { Download, Info } from 'lucide-react';
import type { GeneratedImageView } from '@shared/schemas/generation';
import { Badge } from '@web/components/ui/badge';
import { IconButton } from '@web/components/ui/icon-button';
import { TileActions } from '@web/components/generated-image/tile-actions';
import { relativeTime } from '@web/lib/format';
import { imageLabel } from '@web/components/generated-image/image-label';

// Spec part 2 §9: skeleton of 12 tiles, minimum tile width 200, gap 16.
export const GRID_STYLE = { gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 16 } as const;

export type ImageActions = {
  onOpen: (index: number) => void;
  onDownload: (image: GeneratedImageView) => void;
  onDetails: (image: GeneratedImageView) => void;
};

export function AdminImageGrid({
  images,
  onOpen,
  onDownload,
  onDetails,
}: { images: GeneratedImageView[] } & ImageActions) {
  return (
    <ul className="grid" style={GRID_STYLE} aria-label="Generated images">
      {images.map((img, i) => (
        <li key={img.id} className="group min-w-0">
          <div className="relative aspect-square overflow-hidden rounded-lg border border-border bg-muted">
            <button
              type="button"
              className="block size-full"
              onClick={() => onOpen(i)}
              aria-label={`Open image: ${imageLabel(img.prompt)}`}
            >
              <img
                src={img.thumbnailUrl}
                alt={imageLabel(img.prompt, 'Generated image')}
                loading="lazy"
                className="size-full object-cover"
              />
            </button>
            {img.isNSFW ? (
              <Badge variant="red" className="absolute top-2 left-2">
                NSFW
              </Badge>
            ) : null}
            <TileActions>
              <IconButton
                variant="secondary"
                label="Download"
                icon={Download}
                onClick={() => onDownload(img)}
              />
              <IconButton variant="secondary" label="Details" icon={Info} onClick={() => onDetails(img)} />
            </TileActions>
          </div>
          <p className="mt-1.5 truncate text-xs">
            {img.username ?? 'Unknown user'} · {relativeTime(img.createdAt)}
          </p>
        </li>
      ))}
    </ul>
  );
}
