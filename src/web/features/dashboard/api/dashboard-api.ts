import { useQuery, type QueryClient } from '@tanstack/react-query';
import { modelsApi } from '@shared/api/models';
import { stylesApi } from '@shared/api/styles';
import { apiQuery } from '@web/lib/api-client';
import { modelKeys, styleKeys } from '@web/lib/query-keys';
import type { ModelStatus } from '@shared/constants';
import type { DateInput } from '@shared/relative-time';
import type { PublicUser } from '@shared/schemas/user';
import { prefetchForVisit, refetchOnVisit } from '@web/lib/query-client';

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
  return useQuery({ ...apiQuery(modelsApi.list), refetchOnMount: refetchOnVisit });
}

/** Spec part 2 §6: the user's NSFW setting decides whether NSFW styles are asked for. */
export function usePresetStyles(showNsfw: boolean) {
  return useQuery(apiQuery(stylesApi.list, { query: { showNsfw } }));
}

/** The page's reads, started by the router beside the page's own download (app/router.tsx). */
export async function prefetchDashboard(client: QueryClient, user: PublicUser): Promise<void> {
  const showNsfw = user.enableNSFW;
  await Promise.all([
    prefetchForVisit(client, dashboardKeys.models),
    client.prefetchQuery(apiQuery(stylesApi.list, { query: { showNsfw } })),
  ]);
}
