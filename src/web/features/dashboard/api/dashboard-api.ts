import { useQuery, type QueryClient } from '@tanstack/react-query';
import { modelsApi } from '@shared/api/models';
import { stylesApi } from '@shared/api/styles';
import { apiQuery } from '@web/lib/api-client';
import { modelKeys, styleKeys } from '@web/lib/query-keys';
import type { Model } from '@shared/schemas/models';
import type { PresetStyle } from '@shared/schemas/styles';
import type { PublicUser } from '@shared/schemas/user';
import { prefetchForVisit, refetchOnVisit } from '@web/lib/query-client';

/** The fields of GET /api/models the dashboard reads (docs/product/spec-part-1.md §3). */
export type DashboardModel = Pick<
  Model,
  'id' | 'name' | 'description' | 'status' | 'previewImageUrl' | 'createdAt'
>;

export type DashboardPresetStyle = Pick<
  PresetStyle,
  'id' | 'name' | 'description' | 'previewImageUrl' | 'isNSFW' | 'tokenCost'
>;

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
