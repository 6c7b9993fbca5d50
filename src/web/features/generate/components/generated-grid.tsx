import { memo } from 'react';
import { AlertTriangle, Download, Eye, Loader2, Trash2 } from 'lucide-react';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { IconButton } from '@web/components/ui/icon-button';
import { TileActions } from '@web/components/generated-image/tile-actions';
import type { GeneratedCard } from '../lib/generator-state';

type Props = {
  cards: GeneratedCard[];
  hideNsfw: boolean;
  onPreview: (card: GeneratedCard) => void;
  onDownload: (card: GeneratedCard) => void;
  onDelete: (card: GeneratedCard) => void;
};

/** Generated Images: one card per requested image, generating → completed | failed. */
export const GeneratedGrid = memo(function GeneratedGrid({
  cards,
  hideNsfw,
  onPreview,
  onDownload,
  onDelete,
}: Props) {
  if (cards.length === 0) {
    return (
      <EmptyState
        title="No images yet"
        description="Describe what you want to see and press Generate. Your images appear here."
      />
    );
  }
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Generated images">
      {cards.map((card) => (
        <li
          key={card.key}
          data-status={card.status}
          className="group relative overflow-hidden rounded-lg border border-border bg-card"
          style={{ aspectRatio: `${card.width} / ${card.height}` }}
        >
          {card.status === 'generating' ? (
            <div
              className="flex h-full min-h-40 flex-col items-center justify-center gap-2 bg-muted p-4 text-sm text-muted-foreground"
              role="status"
            >
              <Loader2 className="size-6 animate-spin" aria-hidden />
              Generating...
            </div>
          ) : card.status === 'failed' ? (
            <div className="flex h-full min-h-40 flex-col items-center justify-center gap-2 bg-muted p-4 text-sm text-destructive-text">
              <AlertTriangle className="size-6" aria-hidden />
              Generation failed
              <Button type="button" size="sm" variant="ghost" onClick={() => onDelete(card)}>
                Remove
              </Button>
            </div>
          ) : (
            <>
              <button
                type="button"
                className="block size-full"
                onClick={() => onPreview(card)}
                aria-label="Preview image"
              >
                <img
                  src={card.thumbnailUrl || card.imageUrl}
                  alt={card.prompt}
                  loading="lazy"
                  className={`size-full object-cover ${card.isNSFW && hideNsfw ? 'blur-xl' : ''}`}
                />
              </button>
              {card.isNSFW ? (
                <Badge variant="red" className="absolute top-2 left-2">
                  NSFW
                </Badge>
              ) : null}
              {card.modelName ? (
                <span
                  className="absolute top-2 right-2 max-w-[60%] truncate rounded-md bg-black/80 px-2 py-0.5 text-xs font-medium text-white"
                  data-testid="card-model"
                >
                  Model: {card.modelName}
                </span>
              ) : null}
              <TileActions>
                <IconButton variant="secondary" label="Preview" icon={Eye} onClick={() => onPreview(card)} />
                <IconButton
                  variant="secondary"
                  label="Download"
                  icon={Download}
                  onClick={() => onDownload(card)}
                />
                <IconButton
                  variant="destructive"
                  label="Delete"
                  icon={Trash2}
                  onClick={() => onDelete(card)}
                />
              </TileActions>
            </>
          )}
        </li>
      ))}
    </ul>
  );
});
