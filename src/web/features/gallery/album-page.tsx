import { Download, ImageIcon } from 'lucide-react';
import { useParams } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { ButtonLink } from '@web/components/ui/button-link';
import { EmptyState } from '@web/components/ui/empty-state';
import { ErrorAlert } from '@web/components/ui/error-alert';
import { PageHeader } from '@web/components/ui/page-header';
import { Skeleton, SkeletonGroup } from '@web/components/ui/skeleton';
import { isApiError } from '@web/lib/api';
import { formatDate, formatTokens } from '@web/lib/format';
import { useUser } from '@web/lib/session';
import { usePageTitle } from '@web/lib/use-page-title';
import { isAlbumSettled, useAlbum } from './api/album-api';
import { downloadImage, startZipDownload } from './api/downloads-api';
import { ImageViewer } from './components/image-viewer';
import { TileGrid } from './components/tile-grid';
import { useImagePreview } from './hooks/use-image-preview';

// The gallery's grid: items 200 px at least, gap 16 px (spec part 2 §9), so an album looks like it.
const GRID_STYLE = {
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 200px), 1fr))',
  gap: 16,
} as const;

/**
 * A finished pack's results page (issue 45 N5): its name, styles and date, every photo in the pack's
 * order (opened in the gallery's viewer), and "Download all" through the gallery's zip download.
 */
export function AlbumPage() {
  const { id = '' } = useParams();
  const { user } = useUser();
  const album = useAlbum(id);
  const data = album.data?.album;
  usePageTitle(data ? `${data.batch.packName} pack` : 'Album');
  const images = data?.images ?? [];
  const preview = useImagePreview(images);
  const hideNsfw = !user?.enableNSFW;

  if (album.isPending)
    return (
      <div>
        <PageHeader title="Album" />
        <SkeletonGroup className="grid" style={GRID_STYLE} label="Loading the album">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} className="aspect-square rounded-lg" />
          ))}
        </SkeletonGroup>
      </div>
    );
  if (album.isError)
    return isApiError(album.error) && album.error.status === 404 ? (
      <EmptyState
        icon={<ImageIcon />}
        title="Album not found"
        description="This album does not exist, or it is not yours."
        action={<ButtonLink to="/gallery">Go to your gallery</ButtonLink>}
      />
    ) : (
      <ErrorAlert title="Failed to load the album" error={album.error} onRetry={() => void album.refetch()} />
    );

  const { batch, styles, completedAt } = data!;
  const settled = isAlbumSettled(batch);
  const facts = [
    `${images.length} ${images.length === 1 ? 'photo' : 'photos'}`,
    styles.length > 0 ? `Style: ${styles.join(', ')}` : 'No preset style',
    formatDate(completedAt ?? batch.createdAt),
  ];

  return (
    <div>
      <PageHeader
        title={`${batch.packName} pack`}
        description={
          <span className="flex flex-wrap gap-x-3 gap-y-1">
            {facts.map((f) => (
              <span key={f}>{f}</span>
            ))}
          </span>
        }
        actions={
          <>
            <ButtonLink variant="outline" to="/gallery">
              All images
            </ButtonLink>
            <Button
              disabled={images.length === 0}
              onClick={() => startZipDownload({ packBatchId: batch.id })}
            >
              <Download aria-hidden="true" /> Download all
            </Button>
          </>
        }
      />
      {!settled ? (
        <Alert className="mb-6">
          <AlertTitle>Still generating</AlertTitle>
          <AlertDescription aria-live="polite">
            {batch.done + batch.failed} of {batch.total} photos done. New photos appear here as they are made.
          </AlertDescription>
        </Alert>
      ) : batch.failed > 0 ? (
        <Alert className="mb-6" variant={batch.done === 0 ? 'destructive' : 'default'}>
          <AlertDescription>
            {batch.failed} of {batch.total} photos could not be generated
            {batch.refunded > 0 ? `; ${formatTokens(batch.refunded)} were refunded` : ''}.
          </AlertDescription>
        </Alert>
      ) : null}
      {images.length === 0 ? (
        settled ? (
          <EmptyState
            icon={<ImageIcon />}
            title="No photos in this album"
            description="None of this pack's photos could be generated, or they were deleted."
          />
        ) : null
      ) : (
        <TileGrid
          images={images}
          label="Album photos"
          gridStyle={GRID_STYLE}
          hideNsfw={hideNsfw}
          preview={preview}
          onDownload={downloadImage}
        />
      )}
      <ImageViewer images={images} preview={preview} hideNsfw={hideNsfw} onDownload={downloadImage} />
    </div>
  );
}
