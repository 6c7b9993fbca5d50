import { useEffect, useRef, useState } from 'react';
import { Plus } from 'lucide-react';
import { TRAINING_GRID_PREVIEW } from '@shared/constants';
import type { TrainingImage } from '@shared/schemas/models';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { PhotoCheckBadge } from './photo-check-badge';
import { ButtonLink } from '@web/components/ui/button-link';

export function TrainingImagesGrid({ images, addMoreTo }: { images: TrainingImage[]; addMoreTo?: string }) {
  const [expanded, setExpanded] = useState(false);
  // The button pressed disappears, so focus moves to what it revealed (or back to "+N more").
  const firstExtra = useRef<HTMLAnchorElement>(null);
  const moreButton = useRef<HTMLButtonElement>(null);
  const toggled = useRef(false);
  useEffect(() => {
    if (!toggled.current) return;
    toggled.current = false;
    (expanded ? firstExtra.current : moreButton.current)?.focus();
  }, [expanded]);
  const toggle = (next: boolean) => {
    toggled.current = true;
    setExpanded(next);
  };
  const shown = expanded ? images : images.slice(0, TRAINING_GRID_PREVIEW);
  const hidden = images.length - TRAINING_GRID_PREVIEW;
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle role="heading" aria-level={2}>
          Training Images ({images.length})
        </CardTitle>
        {addMoreTo ? (
          <ButtonLink size="sm" variant="outline" to={addMoreTo} icon={Plus}>
            Add More
          </ButtonLink>
        ) : null}
      </CardHeader>
      <CardContent>
        {images.length === 0 ? (
          <p className="text-sm text-muted-foreground">No images uploaded yet.</p>
        ) : (
          <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4 md:grid-cols-5 lg:grid-cols-6">
            {shown.map((img, i) => (
              <li key={img.id} className="relative aspect-square overflow-hidden rounded-lg bg-muted">
                <a
                  ref={i === TRAINING_GRID_PREVIEW ? firstExtra : undefined}
                  href={img.imageUrl}
                  target="_blank"
                  rel="noreferrer"
                  aria-label={`Open training image ${i + 1}`}
                >
                  <img
                    src={img.previewImageUrl}
                    alt={`Training image ${i + 1}`}
                    loading="lazy"
                    className="size-full object-cover"
                  />
                </a>
                <div className="pointer-events-none absolute bottom-1 left-1 max-w-[calc(100%-0.5rem)]">
                  <PhotoCheckBadge check={img.check} />
                </div>
              </li>
            ))}
            {!expanded && hidden > 0 ? (
              <li className="aspect-square">
                <button
                  ref={moreButton}
                  type="button"
                  onClick={() => toggle(true)}
                  className="flex size-full items-center justify-center rounded-lg bg-muted text-lg font-semibold hover:bg-muted/70 focus-visible:ring-2 focus-visible:ring-ring outline-none"
                >
                  +{hidden} more
                </button>
              </li>
            ) : null}
          </ul>
        )}
        {expanded && hidden > 0 ? (
          <Button variant="link" className="mt-2 px-0" onClick={() => toggle(false)}>
            Show less
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
