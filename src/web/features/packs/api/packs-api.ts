import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { modelsApi } from '@shared/api/models';
import { packsApi } from '@shared/api/packs';
import type { PackBatch } from '@shared/schemas/packs';
import { apiQuery, call, keyOf } from '@web/lib/api-client';
import { generatedImageKeys, modelKeys } from '@web/lib/query-keys';
import { USER_QUERY_KEY } from '@web/lib/query-client';

export const packKeys = {
  list: keyOf(packsApi.list),
  batches: keyOf(packsApi.batches),
  batch: (id: string) => keyOf(packsApi.batch, { params: { id } }),
};

/** How often a running batch is read again. */
export const BATCH_POLL_MS = 2000;
const SETTLED: PackBatch['status'][] = ['succeeded', 'partial', 'failed'];
export const isSettled = (b: PackBatch) => SETTLED.includes(b.status);

/** How many times the list is read again for pictures still being drawn, before it stops asking. */
const SAMPLE_POLLS = 30;

/** The packs; while a pack's sample pictures are being drawn (its first showing) they are read again. */
export function usePacks() {
  return useQuery({
    ...apiQuery(packsApi.list),
    refetchInterval: (q) =>
      q.state.data?.packs.some((p) => p.samples === null) && q.state.dataUpdateCount < SAMPLE_POLLS
        ? BATCH_POLL_MS
        : false,
  });
}

/** The user's models; the picker offers the ready ones. */
export function useOwnModels() {
  return useQuery({ ...apiQuery(modelsApi.list), queryKey: modelKeys.all });
}

export function useBuyPack() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { packId: string; modelId: string }) =>
      call(packsApi.generate, { params: { id: v.packId }, body: { modelId: v.modelId } }),
    // the pack dialog shows the failure in its own alert, with Top up when tokens are short
    meta: { errorToast: false },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: USER_QUERY_KEY });
      void client.invalidateQueries({ queryKey: packKeys.batches });
    },
  });
}

/** A batch's progress, read every 2 s until it settles; then the balance and the gallery are refreshed. */
export function useBatch(id: string | null) {
  const client = useQueryClient();
  return useQuery({
    ...apiQuery(packsApi.batch, { params: { id: id ?? '' } }),
    enabled: id !== null,
    refetchInterval: (q) => {
      const b = q.state.data?.batch;
      if (b && isSettled(b)) {
        void client.invalidateQueries({ queryKey: USER_QUERY_KEY });
        void client.invalidateQueries({ queryKey: generatedImageKeys.all });
        return false;
      }
      return BATCH_POLL_MS;
    },
  });
}
