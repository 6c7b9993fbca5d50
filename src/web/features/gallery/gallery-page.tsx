import { lazy, useMemo, useState } from 'react';
import { CheckSquare, Plus, RefreshCw } from 'lucide-react';
import type { GeneratedImageView } from '@shared/schemas/generation';
import { imagesApi } from '@shared/api/images';
import { Button } from '@web/components/ui/button';
import { ButtonLink } from '@web/components/ui/button-link';
import { OverlayOnDemand } from '@web/components/ui/overlay-on-demand';
import { PageHeader } from '@web/components/ui/page-header';
import { toast, toastError } from '@web/components/ui/use-toast';
import { call } from '@web/lib/api-client';
import { usePrivacy } from '@web/lib/privacy';
import { useUser } from '@web/lib/session';
import { usePageTitle } from '@web/lib/use-page-title';
import { mergeById, useDeleteGalleryImage, useGallery } from './api/gallery-api';
import { downloadImage, startZipDownload } from './api/downloads-api';
import { GalleryFilters } from './components/gallery-filters';
import { GalleryResults } from './components/gallery-results';
import { ImageViewer } from './components/image-viewer';
import { SelectionBar } from './components/selection-bar';
import { useGalleryFilters } from './hooks/use-gallery-filters';
import { useImagePreview } from './hooks/use-image-preview';
import { useReadAllWhilePreviewing } from './hooks/use-read-all-while-previewing';
import { useSelection } from './hooks/use-selection';
import { GALLERY_HEADER } from './page-headers';

// The details' upscale panel and the delete question load when first opened
// (components/ui/overlay-on-demand.tsx)
const UpscalePanel = lazy(() =>
  import('./components/upscale-panel').then((m) => ({ default: m.UpscalePanel })),
);
const ConfirmDialog = lazy(() =>
  import('@web/components/ui/alert-dialog').then((m) => ({ default: m.ConfirmDialog })),
);

export function GalleryPage() {
  usePageTitle(GALLERY_HEADER.title);
  const { user } = useUser();
  const filters = useGalleryFilters();
  const gallery = useGallery(filters.query);
  const remove = useDeleteGalleryImage();
  const images = useMemo(() => mergeById(gallery.data?.pages), [gallery.data]);
  const preview = useImagePreview(images);
  const [toDelete, setToDelete] = useState<GeneratedImageView | null>(null);
  // selection mode (issue 25): chosen images by id, downloaded as one zip
  const selection = useSelection();
  const hideNsfw = !user?.enableNSFW;
  // no face-analysis consent: the details say why there is no likeness score (decision 025)
  const likenessOff = usePrivacy().data?.privacy.faceAnalysis === false;
  const onWrapToLast = useReadAllWhilePreviewing(gallery, images, preview);

  if (!user) return null;

  // an original or an upscale, from the details' links: loaded already, or asked for
  const openById = async (id: string) => {
    try {
      preview.setDetails(
        images.find((i) => i.id === id) ?? (await call(imagesApi.image, { params: { id } })),
      );
    } catch (error) {
      toastError('Error', error, 'Could not open that image.');
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      preview.close();
      toast({ title: 'Image deleted', description: 'The image has been deleted successfully.' });
    } catch {
      // the query client's error policy has said why (lib/error-policy.ts)
    } finally {
      setToDelete(null);
    }
  };

  return (
    <div>
      <PageHeader
        {...GALLERY_HEADER}
        actions={
          <>
            <Button
              variant="outline"
              onClick={() => (selection.selecting ? selection.stop() : selection.start())}
              aria-pressed={selection.selecting}
            >
              <CheckSquare /> Select
            </Button>
            <Button
              variant="outline"
              onClick={() => void gallery.refetch()}
              disabled={gallery.isFetching && !gallery.isFetchingNextPage}
              aria-label="Refresh"
            >
              <RefreshCw className={gallery.isRefetching ? 'animate-spin' : ''} /> Refresh
            </Button>
            <ButtonLink to="/models" icon={Plus}>
              Create New
            </ButtonLink>
          </>
        }
      />
      <GalleryFilters filters={filters} />
      {selection.selecting ? (
        <SelectionBar
          count={selection.selected.size}
          loaded={images.length}
          onSelectAll={() => selection.selectAll(images.map((i) => i.id))}
          onClear={selection.clear}
          onDownload={() => startZipDownload({ ids: [...selection.selected] })}
          onDone={selection.stop}
        />
      ) : null}
      <GalleryResults
        gallery={gallery}
        images={images}
        filtered={filters.filtered}
        hideNsfw={hideNsfw}
        preview={preview}
        selection={selection}
        onDownload={downloadImage}
        onDelete={setToDelete}
      />
      <ImageViewer
        images={images}
        preview={preview}
        hideNsfw={hideNsfw}
        onDownload={downloadImage}
        hasMore={Boolean(gallery.hasNextPage)}
        onWrapToLast={onWrapToLast}
        likenessOff={likenessOff}
        detailsExtra={(image) => (
          <UpscalePanel key={image.id} image={image} onOpenImage={(id) => void openById(id)} />
        )}
      />
      <OverlayOnDemand open={toDelete !== null}>
        <ConfirmDialog
          open={toDelete !== null}
          onOpenChange={(o) => !o && setToDelete(null)}
          title="Delete Image"
          description="This image and its files will be permanently deleted."
          confirmLabel="Delete"
          destructive
          onConfirm={() => void confirmDelete()}
        />
      </OverlayOnDemand>
    </div>
  );
}
