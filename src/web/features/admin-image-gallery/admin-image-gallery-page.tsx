import { useEffect, useMemo, useState } from 'react';
import { Download, Filter, Info, RefreshCw, Search } from 'lucide-react';
import type { AdminGalleryQuery, GeneratedImageView } from '@shared/schemas/generation';
import { downloadFile, isHd } from '@web/components/generated-image/download';
import { ImageDetailsDialog } from '@web/components/generated-image/image-details-dialog';
import { ImageLightbox } from '@web/components/generated-image/image-lightbox';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { PageHeader } from '@web/components/ui/page-header';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { Skeleton } from '@web/components/ui/skeleton';
import { TBody, THead, Table, Td, Th, Tr } from '@web/components/ui/table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { toast } from '@web/components/ui/use-toast';
import { formatDateTime, relativeTime } from '@web/lib/format';
import { usePageTitle } from '@web/lib/use-page-title';
import { type AdminGalleryFilter, useAdminImages, useGalleryFilterOptions } from './api/admin-gallery-api';

type Filters = Required<Pick<AdminGalleryQuery, 'nsfw' | 'size'>> & {
  date: 'all' | 'today' | 'week' | 'month' | 'custom';
  customDate: string;
  userId: string;
  modelId: string;
  styleId: string;
  baseModelId: string;
};
const EMPTY: Filters = {
  date: 'all',
  customDate: '',
  nsfw: 'all',
  size: 'all',
  userId: 'all',
  modelId: 'all',
  styleId: 'all',
  baseModelId: 'all',
};
// Spec part 2 §9: skeleton of 12 tiles, minimum tile width 200, gap 16.
const GRID_STYLE = { gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 16 } as const;

function toQuery(search: string, f: Filters): AdminGalleryFilter {
  const pick = <T extends string>(v: T) => (v === 'all' ? undefined : v);
  return {
    search: search || undefined,
    dateFilter: f.date === 'custom' ? f.customDate || undefined : pick(f.date),
    userId: pick(f.userId),
    modelId: pick(f.modelId),
    styleId: pick(f.styleId),
    baseModelId: pick(f.baseModelId),
    nsfw: pick(f.nsfw),
    size: pick(f.size),
  };
}

function FilterSelect({
  id,
  label,
  value,
  onChange,
  options,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: [string, string][];
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map(([v, l]) => (
            <SelectItem key={v} value={v}>
              {l}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

export function AdminImageGalleryPage() {
  usePageTitle('Image Gallery');
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filterOpen, setFilterOpen] = useState(false);
  const [preview, setPreview] = useState<number | null>(null);
  const [details, setDetails] = useState<GeneratedImageView | null>(null);
  const query = toQuery(search, filters);

  useEffect(() => {
    const t = setTimeout(() => setSearch(searchText.trim()), 300);
    return () => clearTimeout(t);
  }, [searchText]);

  const list = useAdminImages(query);
  const { baseModels, styles } = useGalleryFilterOptions();
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
    downloadFile(img.imageUrl, `lora-studio-image-${img.id}.jpg`).catch(() =>
      toast({
        variant: 'destructive',
        title: 'Download failed',
        description: 'Failed to download the image',
      }),
    );
  const active = Object.entries(filters).filter(([k, v]) => k !== 'customDate' && v !== 'all').length;

  let body;
  if (list.isPending) {
    body = (
      <div className="grid" style={GRID_STYLE} aria-busy="true" aria-label="Loading images">
        {Array.from({ length: 12 }, (_, i) => (
          <Skeleton key={i} className="aspect-square rounded-lg" />
        ))}
      </div>
    );
  } else if (list.isError) {
    body = (
      <div className="flex flex-col items-center gap-3 py-12 text-center">
        <p className="font-medium">Failed to load images</p>
        <Button onClick={() => window.location.reload()}>Retry</Button>
      </div>
    );
  } else if (images.length === 0) {
    body = <p className="py-12 text-center text-muted-foreground">No images found.</p>;
  } else {
    body = (
      <Tabs defaultValue="gallery">
        <TabsList>
          <TabsTrigger value="gallery">Gallery View</TabsTrigger>
          <TabsTrigger value="table">Detailed View</TabsTrigger>
        </TabsList>
        <TabsContent value="gallery" className="mt-4">
          <ul className="grid" style={GRID_STYLE} aria-label="Generated images">
            {images.map((img, i) => (
              <li key={img.id} className="group min-w-0">
                <div className="relative aspect-square overflow-hidden rounded-lg border border-border bg-muted">
                  <button
                    type="button"
                    className="block size-full"
                    onClick={() => setPreview(i)}
                    aria-label={`Open image: ${img.prompt || 'generated image'}`}
                  >
                    <img
                      src={img.thumbnailUrl}
                      alt={img.prompt || 'Generated image'}
                      loading="lazy"
                      className="size-full object-cover"
                    />
                  </button>
                  {img.isNSFW ? (
                    <Badge variant="red" className="absolute top-2 left-2">
                      NSFW
                    </Badge>
                  ) : null}
                  <div className="absolute right-2 bottom-2 flex gap-1 opacity-100 sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100">
                    <Button
                      size="icon-sm"
                      variant="secondary"
                      onClick={() => void onDownload(img)}
                      aria-label="Download"
                    >
                      <Download />
                    </Button>
                    <Button
                      size="icon-sm"
                      variant="secondary"
                      onClick={() => setDetails(img)}
                      aria-label="Details"
                    >
                      <Info />
                    </Button>
                  </div>
                </div>
                <p className="mt-1.5 truncate text-xs">
                  {img.username ?? 'Unknown user'} · {relativeTime(img.createdAt)}
                </p>
              </li>
            ))}
          </ul>
        </TabsContent>
        <TabsContent value="table" className="mt-4">
          <Table className="min-w-[720px]">
            <THead>
              <Tr>
                <Th>Image</Th>
                <Th>User</Th>
                <Th>Prompt</Th>
                <Th>Model / Style</Th>
                <Th>Size</Th>
                <Th>Tokens</Th>
                <Th>Created</Th>
                <Th>Actions</Th>
              </Tr>
            </THead>
            <TBody>
              {images.map((img, i) => (
                <Tr key={img.id} className="align-top">
                  <Td>
                    <button type="button" onClick={() => setPreview(i)} aria-label="Open image">
                      <img
                        src={img.thumbnailUrl}
                        alt=""
                        loading="lazy"
                        className="size-14 rounded object-cover"
                      />
                    </button>
                  </Td>
                  <Td>{img.username ?? 'Unknown user'}</Td>
                  <Td className="max-w-xs">
                    <span className="line-clamp-3">{img.prompt || 'No prompt data available'}</span>
                  </Td>
                  <Td>
                    {img.modelName || 'None'} / {img.styleName || 'Custom'}
                    <div className="text-xs text-muted-foreground">{img.baseModelName || 'Default'}</div>
                  </Td>
                  <Td className="whitespace-nowrap">
                    {img.width}×{img.height}{' '}
                    {isHd(img.width, img.height) ? <Badge className="ml-1">HD</Badge> : null}
                    {img.isNSFW ? (
                      <Badge variant="red" className="ml-1">
                        NSFW
                      </Badge>
                    ) : null}
                  </Td>
                  <Td className="tabular-nums">{img.tokensUsed}</Td>
                  <Td className="whitespace-nowrap">{formatDateTime(img.createdAt)}</Td>
                  <Td>
                    <div className="flex gap-1">
                      <Button
                        size="icon-sm"
                        variant="ghost"
                        onClick={() => void onDownload(img)}
                        aria-label="Download"
                      >
                        <Download />
                      </Button>
                      <Button
                        size="icon-sm"
                        variant="ghost"
                        onClick={() => setDetails(img)}
                        aria-label="Details"
                      >
                        <Info />
                      </Button>
                    </div>
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        </TabsContent>
        {list.hasNextPage ? (
          <div className="flex justify-center py-6">
            <Button
              variant="outline"
              onClick={() => void list.fetchNextPage()}
              disabled={list.isFetchingNextPage}
            >
              {list.isFetchingNextPage ? 'Loading...' : 'Load more images'}
            </Button>
          </div>
        ) : null}
      </Tabs>
    );
  }

  return (
    <div>
      <PageHeader
        title="Image Gallery"
        description="Every image generated on the site."
        actions={
          <>
            <Button
              variant="outline"
              onClick={() => {
                setDraft(filters);
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
      <div className="relative mb-6 max-w-md">
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
      {body}

      <Dialog open={filterOpen} onOpenChange={setFilterOpen}>
        <DialogContent className="sm:max-w-md">
          <DialogHeader>
            <DialogTitle>Filter images</DialogTitle>
            <DialogDescription>
              Narrow the gallery by date, user, model, style, content and size.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-3">
            <FilterSelect
              id="f-date"
              label="Date"
              value={draft.date}
              onChange={(v) => setDraft({ ...draft, date: v as Filters['date'] })}
              options={[
                ['all', 'All time'],
                ['today', 'Today'],
                ['week', 'Last 7 days'],
                ['month', 'Last 30 days'],
                ['custom', 'A specific day'],
              ]}
            />
            {draft.date === 'custom' ? (
              <div className="grid gap-1.5">
                <Label htmlFor="f-day">Day</Label>
                <Input
                  id="f-day"
                  type="date"
                  value={draft.customDate}
                  onChange={(e) => setDraft({ ...draft, customDate: e.target.value })}
                />
              </div>
            ) : null}
            <FilterSelect
              id="f-user"
              label="User"
              value={draft.userId}
              onChange={(v) => setDraft({ ...draft, userId: v })}
              options={[['all', 'All users'], ...seenUsers]}
            />
            <FilterSelect
              id="f-model"
              label="Model"
              value={draft.modelId}
              onChange={(v) => setDraft({ ...draft, modelId: v })}
              options={[['all', 'All models'], ...seenModels]}
            />
            <FilterSelect
              id="f-style"
              label="Style"
              value={draft.styleId}
              onChange={(v) => setDraft({ ...draft, styleId: v })}
              options={[
                ['all', 'All styles'],
                ['custom', 'Custom'],
                ...(styles.data ?? []).map((s) => [s.id, s.name] as [string, string]),
              ]}
            />
            <FilterSelect
              id="f-base"
              label="Base model"
              value={draft.baseModelId}
              onChange={(v) => setDraft({ ...draft, baseModelId: v })}
              options={[
                ['all', 'All base models'],
                ...(baseModels.data ?? []).map((b) => [b.id, b.name] as [string, string]),
              ]}
            />
            <FilterSelect
              id="f-nsfw"
              label="Content"
              value={draft.nsfw}
              onChange={(v) => setDraft({ ...draft, nsfw: v as Filters['nsfw'] })}
              options={[
                ['all', 'All'],
                ['safe', 'Safe only'],
                ['nsfw', 'NSFW only'],
              ]}
            />
            <FilterSelect
              id="f-size"
              label="Size"
              value={draft.size}
              onChange={(v) => setDraft({ ...draft, size: v as Filters['size'] })}
              options={[
                ['all', 'All sizes'],
                ['hd', 'HD (1024 px and up)'],
                ['standard', 'Standard'],
              ]}
            />
          </div>
          <DialogFooter>
            <Button
              variant="outline"
              onClick={() => {
                setFilters(EMPTY);
                setFilterOpen(false);
              }}
            >
              Clear
            </Button>
            <Button
              onClick={() => {
                setFilters(draft);
                setFilterOpen(false);
              }}
            >
              Apply
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
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
      />
    </div>
  );
}
