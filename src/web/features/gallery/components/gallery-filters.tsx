import { Search } from 'lucide-react';
import { Input } from '@web/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import {
  LIKENESS_FILTER_MIN,
  useGalleryModels,
  useGalleryStyles,
  type GalleryOrder,
} from '../api/gallery-api';
import type { GalleryFiltersState } from '../hooks/use-gallery-filters';
import { AlbumFilter } from './album-filter';

const ORDER_LABELS: Record<GalleryOrder, string> = {
  newest: 'Newest first',
  likeness: 'Most like you',
  like60: `Looks like you: ${LIKENESS_FILTER_MIN}+`,
};

/** The gallery's album, search, model, style and order controls. */
export function GalleryFilters({ filters }: { filters: GalleryFiltersState }) {
  const models = useGalleryModels();
  const styles = useGalleryStyles();
  const { modelId, styleId, order, album } = filters.query;
  return (
    <>
      <AlbumFilter value={album} onChange={filters.setAlbum} />
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
            value={filters.searchText}
            onChange={(e) => filters.setSearchText(e.target.value)}
            maxLength={200}
          />
        </div>
        <Select value={modelId} onValueChange={filters.setModelId}>
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
        <Select value={styleId} onValueChange={filters.setStyleId}>
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
        <Select value={order} onValueChange={(v) => filters.setOrder(v as GalleryOrder)}>
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
    </>
  );
}
