import { Download, Info, Trash2 } from 'lucide-react';
import type { GeneratedImageView } from '@shared/schemas/generation';
import { Badge } from '@web/components/ui/badge';
import { IconButton } from '@web/components/ui/icon-button';
import { TileActions } from '@web/components/generated-image/tile-actions';
import { LikenessLabel } from '@web/components/generated-image/likeness-label';
import { relativeTime } from '@web/lib/format';
import { imageLabel } from '@web/components/generated-image/image-label';

type Props = {
  image: GeneratedImageView;
  hideNsfw: boolean;
  onOpen: () => void;
  onDownload: () => void;
  onDetails: () => void;
  onDelete?: () => void;
  /** one of the first tiles, on screen at once: loaded at once (the page's largest paint), not lazily */
  priority?: boolean;
  /** selection mode (issue 25): a checkbox, and a click on the picture selects instead of opening */
  selection?: { selected: boolean; onToggle: () => void };
};

/** A gallery item: lazy thumbnail, NSFW badge (blurred for viewers without NSFW), hover actions, captions. */
export function GalleryTile({
  image,
  hideNsfw,
  onOpen,
  onDownload,
  onDetails,
  onDelete,
  priority = false,
  selection,
}: Props) {
  return (
    <li className="group min-w-0">
      <div
        className={`relative aspect-square overflow-hidden rounded-lg border bg-muted ${selection?.selected ? 'border-primary ring-2 ring-primary' : 'border-border'}`}
      >
        <button
          type="button"
          onClick={selection ? selection.onToggle : onOpen}
          className="block size-full outline-none focus-visible:ring-2 focus-visible:ring-ring"
          aria-label={`${selection ? 'Select' : 'Open'} image: ${imageLabel(image.prompt)}`}
          aria-pressed={selection ? selection.selected : undefined}
          tabIndex={selection ? -1 : undefined}
        >
          <img
            src={image.thumbnailUrl}
            alt={imageLabel(image.prompt, 'Generated image')}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            decoding="async"
            width={200}
            height={200}
            className={`size-full object-cover transition-transform group-hover:scale-[1.02] ${image.isNSFW && hideNsfw ? 'blur-xl' : ''}`}
          />
        </button>
        {selection ? (
          <label className="absolute top-1 right-1 flex size-9 cursor-pointer items-center justify-center rounded-md bg-background/80">
            <input
              type="checkbox"
              className="size-5 accent-primary"
              checked={selection.selected}
              onChange={selection.onToggle}
              aria-label={`Select image: ${imageLabel(image.prompt)}`}
            />
          </label>
        ) : null}
        {image.isNSFW ? (
          <Badge variant="red" className="absolute top-2 left-2">
            NSFW
          </Badge>
        ) : null}
        <TileActions hidden={Boolean(selection)}>
          <IconButton variant="secondary" label="Download" icon={Download} onClick={onDownload} />
          <IconButton variant="secondary" label="Details" icon={Info} onClick={onDetails} />
          {onDelete ? (
            <IconButton variant="destructive" label="Delete" icon={Trash2} onClick={onDelete} />
          ) : null}
        </TileActions>
      </div>
      <div className="mt-1.5 space-y-0.5 text-xs">
        <p className="text-muted-foreground">{relativeTime(image.createdAt)}</p>
        <p className="truncate">
          {image.styleName || 'Custom'} · {image.modelName || 'No model'}
        </p>
        <LikenessLabel likeness={image.likeness} className="font-medium" />
      </div>
    </li>
  );
}
