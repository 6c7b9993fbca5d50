import { ImageIcon, RefreshCw, Search } from 'lucide-react';
import type { GeneratedImageView } from '@shared/schemas/generation';
import { Button } from '@web/components/ui/button';
import { ButtonLink } from '@web/components/ui/button-link';
import { EmptyState } from '@web/components/ui/empty-state';
import { Skeleton, SkeletonGroup } from '@web/components/ui/skeleton';
import { errorMessage } from '@web/lib/api';
import type { useGallery } from '../api/gallery-api';
import { useNearEnd } from '../hooks/use-near-end';
import type { ImagePreview } from '../hooks/use-image-preview';
import type { Selection } from '../hooks/use-selection';
import { TileGrid } from './tile-grid';

// Spec part 2 §9: items 200 px, gap 16 px, 1 to 6 columns.
const GRID_STYLE = {
  gridTemplateColumns: 'repeat(auto-fill, minmax(max(200px, calc((100% - 5 * 16px) / 6)), 1fr))',
  gap: 16,
} as const;
const SCROLL_TRIGGER_PX = 500;

type Props = {
  gallery: ReturnType<typeof useGallery>;
  images: GeneratedImageView[];
  filtered: boolean;
  hideNsfw: boolean;
  preview: ImagePreview;
  selection: Selection;
  onDownload: (image: GeneratedImageView) => void;
  onDelete: (image: GeneratedImageView) => void;
};

/** The gallery's list: loading, failed, empty, or the tiles with infinite scroll and its end. */
export function GalleryResults({ gallery, images, filtered, ...tiles }: Props) {
  // infinite scroll: the next page when the end of the list is within 500 px of the screen's bottom
  // After a failed page it waits for "Try again": with no retries (lib/query-client.ts), asking again
  // on its own would repeat the failing request as fast as it fails.
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = gallery;
  const loadMore = () => void fetchNextPage().catch((err) => console.warn('Could not load more images', err));
  const listEnd = useNearEnd<HTMLDivElement>(loadMore, {
    enabled: Boolean(hasNextPage) && !isFetchingNextPage && !isFetchNextPageError,
    marginPx: SCROLL_TRIGGER_PX,
    watch: images.length,
  });

  if (gallery.isPending)
    return (
      <SkeletonGroup className="grid" style={GRID_STYLE} label="Loading images">
        {Array.from({ length: 10 }, (_, i) => (
          <Skeleton key={i} className="aspect-square rounded-lg" />
        ))}
      </SkeletonGroup>
    );
  if (gallery.isError && images.length === 0)
    return (
      <EmptyState
        title="Could not load your gallery"
        description={errorMessage(gallery.error, 'Please try again.')}
        action={<Button onClick={() => void gallery.refetch()}>Try again</Button>}
      />
    );
  if (images.length === 0)
    return filtered ? (
      <EmptyState
        icon={<Search />}
        title="No images match"
        description="Try another search or clear the filters."
      />
    ) : (
      <EmptyState
        icon={<ImageIcon />}
        title="No images yet"
        description="Your generated images will appear here."
        action={<ButtonLink to="/models">Generate Your First Image</ButtonLink>}
      />
    );
  return (
    <>
      <TileGrid images={images} label="Your images" gridStyle={GRID_STYLE} {...tiles}>
        {isFetchingNextPage
          ? Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={`more-${i}`} className="aspect-square rounded-lg" aria-hidden />
            ))
          : null}
      </TileGrid>
      <div ref={listEnd} aria-hidden />
      {isFetchNextPageError && !isFetchingNextPage ? (
        <div className="flex flex-col items-center gap-3 py-8 text-center text-sm">
          <p role="alert" className="text-muted-foreground">
            Could not load more images.
          </p>
          <Button variant="outline" size="sm" onClick={loadMore}>
            <RefreshCw aria-hidden />
            Try again
          </Button>
        </div>
      ) : null}
      {!hasNextPage && !isFetchingNextPage ? (
        <p className="py-8 text-center text-sm text-muted-foreground">
          You've reached the end of your gallery!
        </p>
      ) : null}
    </>
  );
}
