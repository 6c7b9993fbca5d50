import { useEffect, useRef } from 'react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { ChevronLeft, ChevronRight, Download, Info, X } from 'lucide-react';
import { IconButton, type IconButtonProps } from '@web/components/ui/icon-button';
import { cn } from '@web/lib/cn';
import { useReturnFocus } from '@web/lib/use-return-focus';

export type LightboxImage = { id: string; imageUrl: string; prompt?: string; isNSFW?: boolean };

type Props<T extends LightboxImage> = {
  images: T[];
  index: number | null;
  onIndexChange: (index: number | null) => void;
  onDownload: (image: T) => void;
  onDetails?: (image: T) => void;
  hideNsfw?: boolean;
  /** more images exist than `images` holds (a paged gallery still loading): the total is not known yet */
  hasMore?: boolean;
  /** ← on the first image while more exist: the owner loads the rest and moves to the real last one */
  onWrapToLast?: () => void;
};

/** The lightbox's buttons: white on its black backdrop whatever the theme. */
function LightboxButton({ className, ...props }: IconButtonProps) {
  return (
    <IconButton
      variant="ghost"
      size="icon"
      className={cn('text-white hover:bg-white/15 hover:text-white', className)}
      {...props}
    />
  );
}

/** Full-screen preview: previous / next (also ← →), close (also Esc), details, download, "n / total". */
export function ImageLightbox<T extends LightboxImage>({
  images,
  index,
  onIndexChange,
  onDownload,
  onDetails,
  hideNsfw,
  hasMore = false,
  onWrapToLast,
}: Props<T>) {
  const content = useRef<HTMLDivElement>(null);
  // opened from a tile, not a Dialog trigger: closing puts the keyboard back on that tile
  const returnFocus = useReturnFocus();
  const open = index !== null && index >= 0 && index < images.length;
  const image = open ? images[index] : null;
  const go = (delta: number) => {
    if (index === null || images.length === 0) return;
    if (hasMore && index + delta < 0) {
      onWrapToLast?.();
      return;
    }
    // past the last loaded image while more are on their way: stay until they arrive
    if (hasMore && index + delta >= images.length) return;
    onIndexChange((index + delta + images.length) % images.length);
  };

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      // a dialog opened on top (Image Details) owns the keyboard; the picture behind must not change
      const active = document.activeElement;
      if (active && active !== document.body && content.current && !content.current.contains(active)) return;
      if (e.key === 'ArrowLeft') go(-1);
      if (e.key === 'ArrowRight') go(1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  return (
    <DialogPrimitive.Root open={open} onOpenChange={(o) => (!o ? onIndexChange(null) : undefined)}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/90" />
        <DialogPrimitive.Content
          ref={content}
          className="fixed inset-0 z-50 flex flex-col outline-none"
          aria-describedby={undefined}
          {...returnFocus}
        >
          <DialogPrimitive.Title className="sr-only">Image preview</DialogPrimitive.Title>
          <div className="flex items-center justify-between gap-2 p-3 text-white">
            <span className="text-sm tabular-nums" aria-live="polite">
              {open ? `${index + 1} / ${hasMore ? '…' : images.length}` : ''}
            </span>
            <div className="flex gap-2">
              {onDetails && image ? (
                <LightboxButton label="Image details" icon={Info} onClick={() => onDetails(image)} />
              ) : null}
              {image ? (
                <LightboxButton label="Download image" icon={Download} onClick={() => onDownload(image)} />
              ) : null}
              <DialogPrimitive.Close asChild>
                <LightboxButton label="Close preview" icon={X} />
              </DialogPrimitive.Close>
            </div>
          </div>
          <div className="relative flex min-h-0 flex-1 items-center justify-center px-2 pb-4 sm:px-16">
            {images.length > 1 ? (
              <LightboxButton
                className="absolute left-2"
                label="Previous image"
                icon={ChevronLeft}
                onClick={() => go(-1)}
              />
            ) : null}
            {image ? (
              <img
                src={image.imageUrl}
                alt={image.prompt || 'Generated image'}
                className={`max-h-full max-w-full object-contain ${image.isNSFW && hideNsfw ? 'blur-2xl' : ''}`}
              />
            ) : null}
            {images.length > 1 ? (
              <LightboxButton
                className="absolute right-2"
                label="Next image"
                icon={ChevronRight}
                onClick={() => go(1)}
              />
            ) : null}
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
