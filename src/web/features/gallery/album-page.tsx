import { useState } from 'react';
import { Download, ImageIcon } from 'lucide-react';
import { Link, useParams } from 'react-router';
import type { GeneratedImageView } from '@shared/schemas/generation';
import {
  LazyImageDetailsDialog as ImageDetailsDialog,
  LazyImageLightbox as ImageLightbox,
} from '@web/components/generated-image/overlays-on-demand';
import { saveImage } from '@web/components/generated-image/download';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { ErrorAlert } from '@web/components/ui/error-alert';
import { OverlayOnDemand } from '@web/components/ui/overlay-on-demand';
import { PageHeader } from '@web/components/ui/page-header';
import { Skeleton, SkeletonGroup } from '@web/components/ui/skeleton';
import { isApiError } from '@web/lib/api';
import { formatDate, formatTokens } from '@web/lib/format';
import { useUser } from '@web/lib/session';
import { usePageTitle } from '@web/lib/use-page-title';
import { isAlbumSettled, useAlbum } from './api/album-api';
import { downloadUrl, startZipDownload } from './api/downloads-api';
import { GalleryTile } from './components/gallery-tile';

// The gallery's grid: items 200 px at least, gap 16 px (spec part 2 §9), so an album looks like it.
const GRID_STYLE = {
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 200px), 1fr))',
  gap: 16,
} as const;
// the first row loads at once (the page's largest paint), the rest lazily
const PRIORITY_TILES = 2;

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
  const [previewId, setPreviewId] = useState<string | null>(null);
  const [details, setDetails] = useState<GeneratedImageView | null>(null);
  const images = data?.images ?? [];
  const previewIndex = previewId === null ? -1 : images.findIndex((i) => i.id === previewId);
  const hideNsfw = !user?.enableNSFW;
  const onDownload = (img: { id: string }) =>
    void saveImage(downloadUrl(img.id), `lora-studio-image-${img.id}.jpg`);

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
        action={
          <Button asChild>
            <Link to="/gallery">Go to your gallery</Link>
          </Button>
        }
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
            <Button asChild variant="outline">
              <Link to="/gallery">All images</Link>
            </Button>
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
        <ul className="grid" style={GRID_STYLE} aria-label="Album photos">
          {images.map((img, i) => (
            <GalleryTile
              key={img.id}
              image={img}
              priority={i < PRIORITY_TILES}
              hideNsfw={hideNsfw}
              onOpen={() => setPreviewId(img.id)}
              onDownload={() => onDownload(img)}
              onDetails={() => setDetails(img)}
            />
          ))}
        </ul>
      )}
      <OverlayOnDemand open={previewIndex >= 0}>
        <ImageLightbox
          images={images}
          index={previewIndex >= 0 ? previewIndex : null}
          onIndexChange={(i) => setPreviewId(i === null ? null : (images[i]?.id ?? null))}
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
        />
      </OverlayOnDemand>
    </div>
  );
}
