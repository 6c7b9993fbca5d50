import { useQuery } from '@tanstack/react-query';
import { modelKeys, styleKeys } from '@web/lib/query-keys';
import type { ModelStatus } from '@shared/constants';
import type { DateInput } from '@shared/relative-time';

/** The fields of GET /api/models the dashboard reads (docs/product/spec-part-1.md §3). */
export type DashboardModel = {
  id: string;
  name: string;
  description: string | null;
  status: ModelStatus;
  previewImageUrl: string | null;
  createdAt: DateInput;
};

export type DashboardPresetStyle = {
  id: string;
  name: string;
  description: string | null;
  previewImageUrl: string | null;
  isNSFW: boolean;
  tokenCost: number;
};

export const dashboardKeys = {
  models: modelKeys.all,
  styles: (showNsfw: boolean) => styleKeys.list({ showNsfw }),
};

export function useModels() {
  // Fresh on every visit: a training finishes on the server while the person is elsewhere.
  return useQuery<DashboardModel[]>({ queryKey: dashboardKeys.models, refetchOnMount: 'always' });
}

/** Spec part 2 §6: the user's NSFW setting decides whether NSFW styles are asked for. */
export function usePresetStyles(showNsfw: boolean) {
  return useQuery<DashboardPresetStyle[]>({ queryKey: dashboardKeys.styles(showNsfw) });
}
