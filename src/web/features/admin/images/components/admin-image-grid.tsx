import { Download, Info } from 'lucide-react';
import type { GeneratedImageView } from '@shared/schemas/generation';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
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
            <div className="absolute right-2 bottom-2 flex gap-1 opacity-100 sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100">
              <Button
                size="icon-sm"
                variant="secondary"
                onClick={() => onDownload(img)}
                aria-label="Download"
              >
                <Download />
              </Button>
              <Button size="icon-sm" variant="secondary" onClick={() => onDetails(img)} aria-label="Details">
                <Info />
              </Button>
            </div>
          </div>
          <p className="mt-1.5 truncate text-xs">
            {img.username ?? 'Unknown user'} · {relativeTime(img.createdAt)}
          </p>
        </li>
      ))}
    </ul>
  );
}
