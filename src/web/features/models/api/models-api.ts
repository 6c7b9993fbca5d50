import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { modelsApi } from '@shared/api/models';
import { apiQuery, call } from '@web/lib/api-client';
import { modelKeys, TRAINING_POLL_MS } from '@web/lib/query-keys';
import { USER_QUERY_KEY } from '@web/lib/query-client';
import type { ErrorPolicyMeta } from '@web/lib/error-policy';

export function useModelList() {
  // Statuses move on the server by themselves (training takes 30-60 minutes): read the list again
  // on every visit instead of showing a model as "Training" from a cache of long ago.
  return useQuery({ ...apiQuery(modelsApi.list), refetchOnMount: 'always' });
}

/** While the photo checks run (a few seconds a photo), the model is read again until they are done. */
export const PHOTO_CHECKS_POLL_MS = 2000;

export function useModel(id: string) {
  return useQuery({
    ...apiQuery(modelsApi.detail, { params: { id } }),
    refetchInterval: (q) => (q.state.data?.photoChecks?.pending ? PHOTO_CHECKS_POLL_MS : false),
    // The page's Refresh button says a failed read (spec part 1 §8: 'Refresh failed'); a failed
    // poll keeps the last answer on screen and the next poll tries again.
    meta: { errorToast: false },
  });
}

/** Spec part 1 §4: poll while training, processing, or training_complete without an AIR name. */
export function needsPolling(status: string | undefined, air: string | null | undefined) {
  return status === 'training' || status === 'processing' || (status === 'training_complete' && !air);
}

export function useTrainingStatus(id: string, enabled: boolean, poll: boolean) {
  return useQuery({
    ...apiQuery(modelsApi.trainingStatus, { params: { id } }),
    enabled,
    refetchInterval: poll ? TRAINING_POLL_MS : false,
    // The page's Refresh button says a failed read (spec part 1 §8: 'Refresh failed'); a failed
    // poll keeps the last answer on screen and the next poll tries again.
    meta: { errorToast: false },
    // a fresh read on every visit (the status changes on the server by itself)
    staleTime: 0,
  });
}

/** After any change: the model, the list and the user's balance are read again. */
export function refreshModelData(client: QueryClient, id?: string) {
  if (id) {
    void client.invalidateQueries({ queryKey: modelKeys.detail(id), exact: true });
    void client.invalidateQueries({ queryKey: modelKeys.trainingStatus(id) });
  }
  void client.invalidateQueries({ queryKey: modelKeys.all, exact: true });
  void client.invalidateQueries({ queryKey: USER_QUERY_KEY });
}

export async function createModel(input: { name: string; description: string; subjectConsent?: boolean }) {
  return call(modelsApi.create, { body: input });
}

/** The subject attestation for an existing model (decision 025). */
export async function recordSubjectConsent(id: string) {
  return call(modelsApi.consent, { params: { id } });
}

/** Uploads the photos in one multipart request (repeated field `images`); aborts after `timeoutMs`. */
export async function uploadImages(id: string, files: File[], timeoutMs = 5 * 60_000) {
  const form = new FormData();
  for (const f of files) form.append('images', f, f.name);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    return await call(modelsApi.uploadPhotos, { params: { id }, form, signal: controller.signal });
  } finally {
    clearTimeout(timer);
  }
}

export function deleteModel(id: string) {
  return call(modelsApi.remove, { params: { id } });
}

export function isAbort(error: unknown) {
  return error instanceof DOMException && error.name === 'AbortError';
}

const ACTIONS = {
  train: modelsApi.train,
  'retry-training': modelsApi.retryTraining,
  'cancel-training': modelsApi.cancelTraining,
  'skip-processing': modelsApi.skipProcessing,
  'reupload-runware': modelsApi.reuploadRunware,
};
type Action = keyof typeof ACTIONS;

/** `meta` words a failure as the spec does for each action (spec part 1 §8). */
export function useModelAction(id: string, action: Action, meta: ErrorPolicyMeta) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(ACTIONS[action], { params: { id } }),
    meta,
    onSettled: () => refreshModelData(client, id),
  });
}

export function useUpdatePromptModifier(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (promptModifier: string) =>
      call(modelsApi.updatePromptModifier, { params: { id }, body: { promptModifier } }),
    meta: { errorTitle: 'Update failed' },
    onSuccess: () => refreshModelData(client, id),
  });
}

/** One click: deletes every photo the face checks flagged (decision 020). */
export function useRemoveFlagged(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(modelsApi.removeFlagged, { params: { id } }),
    meta: { errorTitle: 'Could not remove the photos' },
    onSettled: () => refreshModelData(client, id),
  });
}

/** "Delete my training photos now" (decision 025): the model stays and keeps generating. */
export function useDeleteTrainingPhotos(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(modelsApi.deletePhotos, { params: { id } }),
    meta: { errorTitle: 'Could not delete the photos' },
    onSettled: () => refreshModelData(client, id),
  });
}

export function useDeleteModel(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => deleteModel(id),
    meta: { errorTitle: 'Deletion failed' },
    onSuccess: () => {
      client.removeQueries({ queryKey: modelKeys.detail(id) });
      refreshModelData(client);
    },
  });
}
