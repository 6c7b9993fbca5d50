import type { AdminGalleryQuery } from '@shared/schemas/generation';
import type { AdminGalleryFilter } from '../../shared/admin-query-keys';

export type Filters = Required<Pick<AdminGalleryQuery, 'nsfw' | 'size'>> & {
  date: 'all' | 'today' | 'week' | 'month' | 'custom';
  customDate: string;
  userId: string;
  modelId: string;
  styleId: string;
  baseModelId: string;
};
export const EMPTY_FILTERS: Filters = {
  date: 'all',
  customDate: '',
  nsfw: 'all',
  size: 'all',
  userId: 'all',
  modelId: 'all',
  styleId: 'all',
  baseModelId: 'all',
};
export function toGalleryQuery(search: string, f: Filters): AdminGalleryFilter {
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
