import { useMemo, useState } from 'react';
import { Filter, RefreshCw } from 'lucide-react';
import type { GeneratedImageView } from '@shared/schemas/generation';
import { useDebouncedSearch } from '@web/lib/use-debounced';
import { saveImage } from '@web/components/generated-image/download';
import { ImageDetailsDialog } from '@web/components/generated-image/image-details-dialog';
import { ImageLightbox } from '@web/components/generated-image/image-lightbox';
import { Button } from '@web/components/ui/button';
import { Skeleton, SkeletonGroup } from '@web/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { useUser } from '@web/lib/session';
import { usePageTitle } from '@web/lib/use-page-title';
import { useAdminImages } from './api/admin-gallery-api';
import { AdminImageGrid, GRID_STYLE } from './components/admin-image-grid';
import { AdminImageTable } from './components/admin-image-table';
import { EMPTY_FILTERS, type Filters, toGalleryQuery } from './components/gallery-filters';
import { GalleryFiltersDialog } from './components/gallery-filters-dialog';
import { AdminList, AdminSearch, failureOf } from '../shared/admin-list';
import { AdminPageHeader } from '../shared/admin-page-header';

export function AdminImageGalleryPage() {
  usePageTitle('Image Gallery');
  const search = useDebouncedSearch();
  const [filters, setFilters] = useState<Filters>(EMPTY_FILTERS);
  const [filterOpen, setFilterOpen] = useState(false);
  const [preview, setPreview] = useState<number | null>(null);
  const [details, setDetails] = useState<GeneratedImageView | null>(null);
  const { user } = useUser();
  const query = toGalleryQuery(search.query, filters);

  const list = useAdminImages(query);
  const images = useMemo(() => {
    const seen = new Set<string>();
    return (list.data?.pages ?? [])
      .flatMap((p) => p.images)
      .filter((i) => (seen.has(i.id) ? false : (seen.add(i.id), true)));
  }, [list.data]);
  // users and models to filter by: the ones seen so far (plus the one chosen)
  const seenUsers = useMemo(
    () => [...new Map(images.map((i) => [i.userId!, i.username ?? i.userId!])).entries()],
    [images],
  );
  const seenModels = useMemo(
    () => [
      ...new Map(images.filter((i) => i.modelId).map((i) => [i.modelId!, i.modelName ?? 'Model'])).entries(),
    ],
    [images],
  );

  const onDownload = (img: { id: string; imageUrl: string }) =>
    saveImage(img.imageUrl, `lora-studio-image-${img.id}.jpg`);
  const actions = {
    onOpen: setPreview,
    onDownload: (img: GeneratedImageView) => void onDownload(img),
    onDetails: setDetails,
  };
  const active = Object.entries(filters).filter(([k, v]) => k !== 'customDate' && v !== 'all').length;

  return (
    <div>
      <AdminPageHeader
        title="Image Gallery"
        description="Every image generated on the site."
        back={false}
        actions={
          <>
            <Button
              variant="outline"
              onClick={() => {
                setFilterOpen(true);
              }}
            >
              <Filter /> Filters{active ? ` (${active})` : ''}
            </Button>
            <Button variant="outline" onClick={() => void list.refetch()} aria-label="Refresh">
              <RefreshCw className={list.isRefetching ? 'animate-spin' : ''} /> Refresh
            </Button>
          </>
        }
      />
      <AdminList
        filters={
          <AdminSearch
            search={search}
            className="mb-6 max-w-md"
            label="Search by prompt"
            placeholder="Search by prompt..."
            maxLength={200}
          />
        }
        loading={list.isPending}
        skeleton={
          <SkeletonGroup className="grid" style={GRID_STYLE} label="Loading images">
            {Array.from({ length: 12 }, (_, i) => (
              <Skeleton key={i} className="aspect-square rounded-lg" />
            ))}
          </SkeletonGroup>
        }
        // a reload, not a refetch: the filters may be what broke the read
        failure={failureOf(list, 'Failed to load images', { onRetry: () => window.location.reload() })}
        isEmpty={images.length === 0}
        empty={<p className="py-12 text-center text-muted-foreground">No images found.</p>}
        pages={list}
        pager={{ label: 'Load more images', busyLabel: 'Loading...', className: 'py-6' }}
      >
        <Tabs defaultValue="gallery">
          <TabsList>
            <TabsTrigger value="gallery">Gallery View</TabsTrigger>
            <TabsTrigger value="table">Detailed View</TabsTrigger>
          </TabsList>
          <TabsContent value="gallery" className="mt-4">
            <AdminImageGrid images={images} {...actions} />
          </TabsContent>
          <TabsContent value="table" className="mt-4">
            <AdminImageTable images={images} {...actions} />
          </TabsContent>
        </Tabs>
      </AdminList>

      <GalleryFiltersDialog
        open={filterOpen}
        onOpenChange={setFilterOpen}
        filters={filters}
        onApply={(next) => {
          setFilters(next);
          setFilterOpen(false);
        }}
        seenUsers={seenUsers}
        seenModels={seenModels}
      />
      <ImageLightbox
        images={images}
        index={preview}
        onIndexChange={setPreview}
        onDownload={(img) => void onDownload(img)}
        onDetails={(img) => setDetails(img)}
      />
      <ImageDetailsDialog
        image={details}
        open={details !== null}
        onOpenChange={(o) => !o && setDetails(null)}
        ownerName={details && details.userId !== user?.id ? (details.username ?? 'its owner') : null}
      />
    </div>
  );
}
