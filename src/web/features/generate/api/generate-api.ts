import { useMutation, useQuery, type QueryClient } from '@tanstack/react-query';
import { generationApi } from '@shared/api/generation';
import { modelsApi } from '@shared/api/models';
import { stylesApi } from '@shared/api/styles';
import type { BaseModel as SharedBaseModel, GenerateImageInput } from '@shared/schemas/generation';
import type { Model } from '@shared/schemas/models';
import type { PresetStyle as SharedPresetStyle } from '@shared/schemas/styles';
import type { PublicUser } from '@shared/schemas/user';
import { apiQuery, call } from '@web/lib/api-client';
import {
  baseModelKeys,
  generatedImageKeys,
  modelKeys,
  styleKeys,
  TRAINING_POLL_MS,
} from '@web/lib/query-keys';
import { isOnTheWay } from '../lib/generator-state';
import { prefetchForVisit, refetchOnVisit } from '@web/lib/query-client';

export type BaseModel = SharedBaseModel;
export type UserModel = Model;
export type PresetStyle = SharedPresetStyle;

/** The generator's query keys (from the descriptors, lib/query-keys.ts); the user's models are `modelKeys`. */
export const generateKeys = {
  baseModels: baseModelKeys.all,
  /** every cached style list, whatever its NSFW setting */
  presetStyles: styleKeys.all,
  presetStyleList: (showNsfw: boolean) => styleKeys.list({ showNsfw }),
  generatedImages: generatedImageKeys.all,
};

/** The generator's lists, started by the router beside the page's own download (app/router.tsx). */
export async function prefetchGenerator(client: QueryClient, user: PublicUser): Promise<void> {
  const showNsfw = user.enableNSFW;
  await Promise.all([
    client.prefetchQuery(apiQuery(generationApi.baseModels)),
    prefetchForVisit(client, modelKeys.all),
    prefetchForVisit(client, generateKeys.presetStyleList(showNsfw)),
  ]);
}

/** The generator says a failed read of its lists itself (spec part 2 §8: "Error loading data"). */
const SAID_BY_THE_GENERATOR = { errorToast: false } as const;

export function useBaseModels() {
  return useQuery({ ...apiQuery(generationApi.baseModels), meta: SAID_BY_THE_GENERATOR });
}

/**
 * The user's models, read again on every visit: a status moves on the server by itself (a training
 * finishes while a list from its training phase is still cached). While the model asked for in the URL
 * is on its way to ready, the list is read on the model page's 10 s rhythm so it is chosen once ready.
 */
export function useUserModels(waitingFor: string | null) {
  return useQuery({
    ...apiQuery(modelsApi.list),
    refetchOnMount: refetchOnVisit,
    meta: SAID_BY_THE_GENERATOR,
    refetchInterval: (query) =>
      waitingFor && isOnTheWay(query.state.data?.find((m) => m.id === waitingFor)?.status)
        ? TRAINING_POLL_MS
        : false,
  });
}

/**
 * Spec part 2 §6: the user's NSFW flag decides whether NSFW styles are asked for. Read on every visit:
 * an admin may have changed, added or removed a style since the list was cached.
 */
export function usePresetStyles(showNsfw: boolean) {
  return useQuery({
    ...apiQuery(stylesApi.list, { query: { showNsfw } }),
    refetchOnMount: refetchOnVisit,
    meta: SAID_BY_THE_GENERATOR,
  });
}

export function useGenerateImages() {
  return useMutation({
    mutationFn: (input: GenerateImageInput) => call(generationApi.generate, { body: input }),
    // the generator titles a failure by its kind (a 402 is "Insufficient tokens")
    meta: { errorToast: false },
  });
}

export function useAnalyzeImage() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('image', file);
      return call(generationApi.analyzeImage, { form });
    },
    meta: {
      errorTitle: 'Analysis failed',
      errorFallback: 'There was an error analyzing your image. Please try again.',
    },
  });
}

export function useDeleteImage() {
  return useMutation({
    mutationFn: (id: string) => call(generationApi.deleteImage, { params: { id } }),
    // an image that is gone already is no failure here (use-generation-run.ts)
    meta: { errorToast: false },
  });
}
