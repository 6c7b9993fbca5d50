import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '@web/components/ui/use-toast';
import { useBaseModels, usePresetStyles, useUserModels } from '../api/generate-api';
import { isOnTheWay, resolveWish, type GeneratorForm, type Wish } from '../lib/generator-state';
import type { FormPatch } from './use-generator-form';

/** What the link's model amounts to when it cannot be chosen yet, said to the person. */
function noticeFor(wish: Wish | null): string | null {
  switch (wish?.state) {
    case 'not-ready':
      return isOnTheWay(wish.status)
        ? `${wish.name} is still training… it will be chosen here as soon as it is ready.`
        : `${wish.name} is not trained yet: start its training on the model page, then generate with it.`;
    case 'unusable':
      return `${wish.name} cannot be used: its training failed. Retry the training on the model page.`;
    case 'missing':
      return 'The model in the link was not found among your models.';
    default:
      return null;
  }
}

/**
 * The model stack: the three lists, the base model, personal model and style chosen from them, and
 * what the link asks for. Spec part 2 §2: modelId/model and styleId/preset in the URL ask for a model
 * and a style. A wish stays open until the lists can answer it (ready → chosen; on its way → said so,
 * and chosen once ready), so a list cached earlier, being read again or arriving late never turns it
 * into "None".
 */
export function useModelStack(showNsfw: boolean, form: GeneratorForm, update: (patch: FormPatch) => void) {
  const [params] = useSearchParams();
  const modelParam = params.get('modelId') ?? params.get('model');
  const styleParam = params.get('styleId') ?? params.get('preset');
  const [wantedModel, setWantedModel] = useState<string | null>(modelParam);
  const [wantedStyle, setWantedStyle] = useState<string | null>(styleParam);
  const [seenParams, setSeenParams] = useState(`${modelParam}|${styleParam}`);
  if (seenParams !== `${modelParam}|${styleParam}`) {
    setSeenParams(`${modelParam}|${styleParam}`);
    setWantedModel(modelParam);
    setWantedStyle(styleParam);
  }
  const baseModels = useBaseModels();
  const models = useUserModels(wantedModel);
  const styles = usePresetStyles(showNsfw);
  const loading = baseModels.isPending || models.isPending || styles.isPending;

  useEffect(() => {
    if (baseModels.isError || models.isError || styles.isError) {
      toast({
        variant: 'destructive',
        title: 'Error loading data',
        description: 'Failed to load models or presets. Please try again.',
      });
    }
  }, [baseModels.isError, models.isError, styles.isError]);

  // a default base model once the list is known (and when a stored one no longer exists)
  const defaultBaseId = baseModels.data?.find((b) => b.isDefault)?.id ?? baseModels.data?.[0]?.id;
  useEffect(() => {
    const list = baseModels.data;
    if (!list || list.length === 0) return;
    if (!form.baseModelId || !list.some((b) => b.id === form.baseModelId)) {
      update({ baseModelId: (list.find((b) => b.isDefault) ?? list[0]).id });
    }
  }, [baseModels.data, form.baseModelId, update]);

  const modelsFresh = !models.isFetching;
  const stylesFresh = !styles.isFetching;
  const modelWish = wantedModel ? resolveWish(wantedModel, models.data, modelsFresh) : null;
  const styleWish = wantedStyle ? resolveWish(wantedStyle, styles.data, stylesFresh) : null;
  const applyModel = modelWish?.state === 'apply' ? modelWish.id : null;
  const styleOutcome =
    styleWish?.state === 'apply'
      ? styleWish.id
      : styleWish?.state === 'missing' || styleWish?.state === 'unusable'
        ? ''
        : null;
  useEffect(() => {
    if (applyModel === null) return;
    update({ modelId: applyModel });
    setWantedModel(null);
  }, [applyModel, update]);
  useEffect(() => {
    if (styleOutcome === null) return;
    // a style that is gone (or hidden by the NSFW setting) leaves the current choice alone
    if (styleOutcome) update({ styleId: styleOutcome });
    setWantedStyle(null);
  }, [styleOutcome, update]);
  const choose = useCallback(
    (patch: FormPatch) => {
      // choosing by hand settles what the link asked for
      if ('modelId' in patch) setWantedModel(null);
      if ('styleId' in patch) setWantedStyle(null);
      update(patch);
    },
    [update],
  );

  // a stored choice that is gone (model deleted, NSFW turned off) is dropped, judged on a fresh list only
  useEffect(() => {
    if (
      modelsFresh &&
      models.data &&
      form.modelId &&
      !models.data.some((m) => m.id === form.modelId && m.status === 'ready')
    )
      update({ modelId: null });
  }, [modelsFresh, models.data, form.modelId, update]);
  useEffect(() => {
    if (stylesFresh && styles.data && form.styleId && !styles.data.some((s) => s.id === form.styleId))
      update({ styleId: null });
  }, [stylesFresh, styles.data, form.styleId, update]);

  const readyModels = useMemo(() => (models.data ?? []).filter((m) => m.status === 'ready'), [models.data]);

  return {
    baseModels: baseModels.data ?? [],
    models: models.data ?? [],
    styles: styles.data ?? [],
    loading,
    defaultBaseId: defaultBaseId ?? '',
    base: baseModels.data?.find((b) => b.id === form.baseModelId),
    style: styles.data?.find((s) => s.id === form.styleId),
    hasReadyModel: readyModels.length > 0,
    chosenModel: readyModels.find((m) => m.id === form.modelId) ?? null,
    modelNotice: noticeFor(modelWish),
    choose,
  };
}

export type ModelStackState = ReturnType<typeof useModelStack>;
