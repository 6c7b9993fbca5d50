import { lazy, useEffect, useMemo, useState } from 'react';
import { CheckSquare, ImageIcon, Plus, RefreshCw, Search } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import type { GeneratedImageView } from '@shared/schemas/generation';
import {
  LazyImageDetailsDialog as ImageDetailsDialog,
  LazyImageLightbox as ImageLightbox,
} from '@web/components/generated-image/overlays-on-demand';
import { saveImage } from '@web/components/generated-image/download';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { OverlayOnDemand } from '@web/components/ui/overlay-on-demand';
import { Input } from '@web/components/ui/input';
import { PageHeader } from '@web/components/ui/page-header';
import { GALLERY_HEADER } from './page-headers';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { Skeleton, SkeletonGroup } from '@web/components/ui/skeleton';
import { toast, toastError } from '@web/components/ui/use-toast';
import { useUser } from '@web/lib/session';
import { usePrivacy } from '@web/lib/privacy';
import { errorMessage } from '@web/lib/api';
import { usePageTitle } from '@web/lib/use-page-title';
import {
  mergeById,
  useDeleteGalleryImage,
  useGallery,
  type GalleryOrder,
  LIKENESS_FILTER_MIN,
  useGalleryModels,
  useGalleryStyles,
} from './api/gallery-api';
import { AlbumFilter } from './components/album-filter';
import { useNearEnd } from './hooks/use-near-end';
import { GalleryTile } from './components/gallery-tile';
import { SelectionBar } from './components/selection-bar';
import { downloadUrl, startZipDownload } from './api/downloads-api';
import { imagesApi } from '@shared/api/images';
import { call } from '@web/lib/api-client';

// The preview, the details (with the upscale panel) and the delete question load when first opened
// (components/ui/overlay-on-demand.tsx)
const UpscalePanel = lazy(() =>
  import('./components/upscale-panel').then((m) => ({ default: m.UpscalePanel })),
);
const ConfirmDialog = lazy(() =>
  import('@web/components/ui/alert-dialog').then((m) => ({ default: m.ConfirmDialog })),
);

// Spec part 2 §9: items 200 px, gap 16 px, 1 to 6 columns.
const GRID_STYLE = {
  gridTemplateColumns: 'repeat(auto-fill, minmax(max(200px, calc((100% - 5 * 16px) / 6)), 1fr))',
  gap: 16,
} as const;
const SCROLL_TRIGGER_PX = 500;
const ORDER_LABELS: Record<GalleryOrder, string> = {
  newest: 'Newest first',
  likeness: 'Most like you',
  like60: `Looks like you: ${LIKENESS_FILTER_MIN}+`,
};
// the tiles a phone or a small window shows without scrolling load at once, the rest lazily
const PRIORITY_TILES = 2;

export function GalleryPage() {
  usePageTitle(GALLERY_HEADER.title);
  const { user } = useUser();
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [modelId, setModelId] = useState('all');
  const [styleId, setStyleId] = useState('all');
  const [order, setOrder] = useState<GalleryOrder>('newest');
  // ?album=<batch id>: one photo pack's results (the Packs page links here)
  const [params, setParams] = useSearchParams();
  const album = params.get('album') ?? 'all';
  const setAlbum = (v: string) => setParams(v === 'all' ? {} : { album: v }, { replace: true });
  const gallery = useGallery({ search, modelId, styleId, order, album });
  const models = useGalleryModels();
  const styles = useGalleryStyles();
  const remove = useDeleteGalleryImage();
  const images = useMemo(() => mergeById(gallery.data?.pages), [gallery.data]);
  // the previewed image by id: the list is polled every 5 s and new images arrive at the top, which
  // would move an index onto another picture while it is being looked at
  const [previewId, setPreviewId] = useState<string | null>(null);
  const previewIndex = previewId === null ? -1 : images.findIndex((img) => img.id === previewId);
  const [details, setDetails] = useState<GeneratedImageView | null>(null);
  const [toDelete, setToDelete] = useState<GeneratedImageView | null>(null);
  // selection mode (issue 25): chosen images by id, downloaded as one zip
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const stopSelecting = () => {
    setSelecting(false);
    setSelected(new Set());
  };
  const hideNsfw = !user?.enableNSFW;
  // no face-analysis consent: the details say why there is no likeness score (decision 025)
  const likenessOff = usePrivacy().data?.privacy.faceAnalysis === false;

  // typing settles for a moment before the list is asked again
  useEffect(() => {
    const t = setTimeout(() => setSearch(searchText.trim()), 300);
    return () => clearTimeout(t);
  }, [searchText]);

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

  // Spec part 2 §4 "n / total": while the preview is open the remaining pages are read, so the counter
  // shows the real total and ← on the first image can wrap to the real last one
  const previewing = previewId !== null;
  const [wrapToLast, setWrapToLast] = useState(false);
  useEffect(() => {
    if (previewing && hasNextPage && !isFetchingNextPage && !isFetchNextPageError) {
      fetchNextPage().catch((err) => console.warn('Could not load more images', err));
    }
  }, [previewing, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
  useEffect(() => {
    if (!wrapToLast || hasNextPage) return;
    setWrapToLast(false);
    const last = images[images.length - 1];
    if (previewing && last) setPreviewId(last.id);
  }, [wrapToLast, hasNextPage, images, previewing]);

  if (!user) return null;

  // full resolution under the server's readable name (Content-Disposition)
  const onDownload = (img: { id: string }) =>
    saveImage(downloadUrl(img.id), `lora-studio-image-${img.id}.jpg`);
  // an original or an upscale, from the details' links: loaded already, or asked for
  const openById = async (id: string) => {
    try {
      setDetails(images.find((i) => i.id === id) ?? (await call(imagesApi.image, { params: { id } })));
    } catch (error) {
      toastError('Error', error, 'Could not open that image.');
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      setPreviewId(null);
      toast({ title: 'Image deleted', description: 'The image has been deleted successfully.' });
    } catch {
      // the query client's error policy has said why (lib/error-policy.ts)
    } finally {
      setToDelete(null);
    }
  };

  const filtered =
    search !== '' || modelId !== 'all' || styleId !== 'all' || order !== 'newest' || album !== 'all';

  return (
    <div>
      <PageHeader
        {...GALLERY_HEADER}
        actions={
          <>
            <Button
              variant="outline"
              onClick={() => (selecting ? stopSelecting() : setSelecting(true))}
              aria-pressed={selecting}
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
            <Button asChild>
              <Link to="/models">
                <Plus /> Create New
              </Link>
            </Button>
          </>
        }
      />
      <AlbumFilter value={album} onChange={setAlbum} />
      <div className="mb-6 grid gap-3 sm:grid-cols-[1fr_200px_200px_200px]">
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            aria-label="Search by prompt"
            placeholder="Search by prompt..."
            className="pl-9"
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            maxLength={200}
          />
        </div>
        <Select value={modelId} onValueChange={setModelId}>
          <SelectTrigger aria-label="Filter by model">
            <SelectValue>
              {modelId === 'all' ? 'All Models' : models.data?.find((m) => m.id === modelId)?.name}
            </SelectValue>
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="all">All Models</SelectItem>
            {(models.data ?? []).map((m) => (
              <SelectItem key={m.id} value={m.id}>
                {m.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Select value={styleId} onValueChange={setStyleId}>
          <SelectTrigger aria-label="Filter by style">
            <SelectValue>
              {styleId === 'all'
                ? 'All Styles'
                : styleId === 'custom'
                  ? 'Custom'
                  : styles.data?.find((s) => s.id === styleId)?.name}
            </SelectValue>
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="all">All Styles</SelectItem>
            <SelectItem value="custom">Custom</SelectItem>
            {(styles.data ?? []).map((s) => (
              <SelectItem key={s.id} value={s.id}>
                {s.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Select value={order} onValueChange={(v) => setOrder(v as GalleryOrder)}>
          <SelectTrigger aria-label="Order and likeness">
            <SelectValue>{ORDER_LABELS[order]}</SelectValue>
          </SelectTrigger>
          <SelectContent>
            {(Object.keys(ORDER_LABELS) as GalleryOrder[]).map((o) => (
              <SelectItem key={o} value={o}>
                {ORDER_LABELS[o]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>

      {selecting ? (
        <SelectionBar
          count={selected.size}
          loaded={images.length}
          onSelectAll={() => setSelected(new Set(images.map((i) => i.id)))}
          onClear={() => setSelected(new Set())}
          onDownload={() => startZipDownload({ ids: [...selected] })}
          onDone={stopSelecting}
        />
      ) : null}
      {gallery.isPending ? (
        <SkeletonGroup className="grid" style={GRID_STYLE} label="Loading images">
          {Array.from({ length: 10 }, (_, i) => (
            <Skeleton key={i} className="aspect-square rounded-lg" />
          ))}
        </SkeletonGroup>
      ) : gallery.isError && images.length === 0 ? (
        <EmptyState
          title="Could not load your gallery"
          description={errorMessage(gallery.error, 'Please try again.')}
          action={<Button onClick={() => void gallery.refetch()}>Try again</Button>}
        />
      ) : images.length === 0 ? (
        filtered ? (
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
            action={
              <Button asChild>
                <Link to="/models">Generate Your First Image</Link>
              </Button>
            }
          />
        )
      ) : (
        <>
          <ul className="grid" style={GRID_STYLE} aria-label="Your images">
            {images.map((img, i) => (
              <GalleryTile
                key={img.id}
                image={img}
                priority={i < PRIORITY_TILES}
                hideNsfw={hideNsfw}
                onOpen={() => setPreviewId(img.id)}
                onDownload={() => void onDownload(img)}
                onDetails={() => setDetails(img)}
                onDelete={() => setToDelete(img)}
                selection={
                  selecting ? { selected: selected.has(img.id), onToggle: () => toggle(img.id) } : undefined
                }
              />
            ))}
            {isFetchingNextPage
              ? Array.from({ length: 5 }, (_, i) => (
                  <Skeleton key={`more-${i}`} className="aspect-square rounded-lg" aria-hidden />
                ))
              : null}
          </ul>
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
      )}

      <OverlayOnDemand open={previewIndex >= 0}>
        <ImageLightbox
          images={images}
          index={previewIndex >= 0 ? previewIndex : null}
          onIndexChange={(i) => setPreviewId(i === null ? null : (images[i]?.id ?? null))}
          hasMore={Boolean(hasNextPage)}
          onWrapToLast={() => setWrapToLast(true)}
          onDownload={(img) => void onDownload(img)}
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
          likenessOff={likenessOff}
        >
          {details ? (
            <UpscalePanel key={details.id} image={details} onOpenImage={(id) => void openById(id)} />
          ) : null}
        </ImageDetailsDialog>
      </OverlayOnDemand>
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
