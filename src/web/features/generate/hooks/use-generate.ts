import { useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { GENERATE_TEXTS, insufficientTokensText } from '@shared/generation-texts';
import type { GeneratedImageView } from '@shared/schemas/generation';
import { costPerImage } from '@shared/token-cost';
import type { PublicUser } from '@shared/schemas/user';
import { downloadFile } from '@web/components/generated-image/download';
import { toast } from '@web/components/ui/use-toast';
import { ApiError, errorMessage } from '@web/lib/api';
import { USER_QUERY_KEY } from '@web/lib/query-client';
import {
  generateKeys,
  useBaseModels,
  useDeleteImage,
  useGenerateImages,
  usePresetStyles,
  useUserModels,
} from '../api/generate-api';
import { dimensionsFor, isOnTheWay, resolveWish, type GeneratedCard } from '../lib/generator-state';
import { useGeneratorState } from './use-generator-state';

/** The placeholders of one batch (`keys`) take the served images in order; one without an image failed. */
function fillCards(cards: GeneratedCard[], keys: Set<string>, images: GeneratedImageView[]): GeneratedCard[] {
  let n = 0;
  return cards.map((card) => {
    if (!keys.has(card.key)) return card;
    const img = images[n++];
    if (!img) return { ...card, status: 'failed' as const };
    return {
      ...card,
      status: 'completed' as const,
      progress: 100,
      id: img.id,
      imageUrl: img.imageUrl,
      thumbnailUrl: img.thumbnailUrl,
      isNSFW: img.isNSFW,
      createdAt: img.createdAt,
      tokensUsed: img.tokensUsed,
      baseModelName: img.baseModelName,
      modelName: img.modelName,
      styleName: img.styleName,
      negativePrompt: img.negativePrompt,
    };
  });
}

/**
 * The generator's state and actions: the lists it reads, what the link asks for, the cost, the
 * optimistic cards of a run and what a run, a download or a delete tells the person.
 */
export function useGenerate(user: PublicUser) {
  const client = useQueryClient();
  const [params] = useSearchParams();
  const showNsfw = Boolean(user.enableNSFW ?? user.enableNsfw);
  // Spec part 2 §2: modelId/model and styleId/preset in the URL ask for a model and a style. A wish
  // stays open until the lists can answer it (ready → chosen; on its way → said so, and chosen once
  // ready), so a list cached earlier, being read again or arriving late never turns it into "None".
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
  const generate = useGenerateImages();
  const remove = useDeleteImage();
  const { form, update, selectedSize, setSelectedSize, cards, setCards, reset } = useGeneratorState(user.id);

  const loading = baseModels.isPending || models.isPending || styles.isPending;
  const base = baseModels.data?.find((b) => b.id === form.baseModelId);
  const style = styles.data?.find((s) => s.id === form.styleId);
  const perImage = costPerImage({
    baseModelCost: base?.tokenCost,
    styleCost: style?.tokenCost,
    hdEnabled: form.hdEnabled,
    width: form.width,
    height: form.height,
  });
  const cost = perImage * form.count;
  const balance = user.tokenBalance ?? 0;
  const insufficient = balance < cost;
  const generating = generate.isPending;

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
  const modelNotice =
    modelWish?.state === 'not-ready'
      ? isOnTheWay(modelWish.status)
        ? `${modelWish.name} is still training… it will be chosen here as soon as it is ready.`
        : `${modelWish.name} is not trained yet: start its training on the model page, then generate with it.`
      : modelWish?.state === 'unusable'
        ? `${modelWish.name} cannot be used: its training failed. Retry the training on the model page.`
        : modelWish?.state === 'missing'
          ? 'The model in the link was not found among your models.'
          : null;
  const onStackChange = (patch: Parameters<typeof update>[0]) => {
    // choosing by hand settles what the link asked for
    if ('modelId' in patch) setWantedModel(null);
    if ('styleId' in patch) setWantedStyle(null);
    update(patch);
  };

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
  const chosenModel = readyModels.find((m) => m.id === form.modelId) ?? null;

  const completed = useMemo(() => cards.filter((c) => c.status === 'completed' && c.imageUrl), [cards]);

  const setSize = (size: typeof selectedSize) => {
    setSelectedSize(size);
    const [width, height] = dimensionsFor(size, form.hdEnabled, form, false);
    update({ width, height });
  };
  const setHd = (hd: boolean) => {
    const [width, height] = dimensionsFor(selectedSize, hd, form, true);
    update({ hdEnabled: hd, width, height });
  };

  async function onGenerate() {
    // Spec part 2 §5: the five checks, in order
    if (!user) {
      toast({
        variant: 'destructive',
        title: GENERATE_TEXTS.authRequired[0],
        description: GENERATE_TEXTS.authRequired[1],
      });
      return;
    }
    if (!form.baseModelId) {
      toast({
        variant: 'destructive',
        title: GENERATE_TEXTS.baseModelRequired[0],
        description: GENERATE_TEXTS.baseModelRequired[1],
      });
      return;
    }
    if (!baseModels.data?.some((b) => b.id === form.baseModelId)) {
      toast({
        variant: 'destructive',
        title: GENERATE_TEXTS.baseModelInvalid[0],
        description: GENERATE_TEXTS.baseModelInvalid[1],
      });
      const first = baseModels.data?.[0];
      if (first) {
        update({ baseModelId: first.id });
        toast({ title: 'Base model auto-selected', description: `${first.name} has been selected.` });
      }
      return;
    }
    if (!form.prompt.trim()) {
      toast({
        variant: 'destructive',
        title: GENERATE_TEXTS.promptRequired[0],
        description: GENERATE_TEXTS.promptRequired[1],
      });
      return;
    }
    if (balance < cost) {
      toast({
        variant: 'destructive',
        title: GENERATE_TEXTS.insufficient[0],
        description: insufficientTokensText(cost, form.count, balance),
      });
      return;
    }

    const batch = Date.now().toString(36);
    const placeholders: GeneratedCard[] = Array.from({ length: form.count }, (_, i) => ({
      key: `${batch}-${i}`,
      status: 'generating',
      progress: 0,
      prompt: form.prompt,
      width: form.width,
      height: form.height,
      createdAt: new Date().toISOString(),
    }));
    const keys = new Set(placeholders.map((p) => p.key));
    setCards((c) => [...placeholders, ...c]);

    const seed = form.useSeed ? Number.parseInt(form.seed, 10) : undefined;
    try {
      const out = await generate.mutateAsync({
        prompt: form.prompt.trim(),
        modelId: form.modelId,
        styleId: form.styleId,
        baseModelId: form.baseModelId,
        count: form.count,
        width: form.width,
        height: form.height,
        seed: seed !== undefined && Number.isFinite(seed) ? seed : undefined,
        hdEnabled: form.hdEnabled,
        loraStrength: form.loraStrength,
        calculatedTokenCost: cost,
      });
      if (out.status === 'pending') {
        setCards((c) => c.filter((card) => !keys.has(card.key)));
        toast({
          title: 'Still generating',
          description: 'This is taking longer than usual. Your images will appear in your gallery.',
        });
      } else {
        setCards((c) => fillCards(c, keys, out.images));
      }
      let refreshed = true;
      try {
        await client.refetchQueries({ queryKey: USER_QUERY_KEY }, { throwOnError: true });
      } catch {
        refreshed = false;
      }
      void client.invalidateQueries({ queryKey: generateKeys.generatedImages });
      if (out.status !== 'pending') {
        const missing = out.requested - out.images.length;
        toast({
          title: 'Images generated',
          description: `${out.images.length} image(s) for ${out.tokensUsed} tokens${missing > 0 ? ` (${missing} failed and were refunded)` : ''}. ${
            refreshed
              ? `Balance: ${out.balance} tokens.`
              : 'Your balance will update shortly — refresh the page if it does not.'
          }`,
        });
      }
    } catch (error) {
      setCards((c) =>
        c.map((card) =>
          keys.has(card.key) && card.status === 'generating' ? { ...card, status: 'failed' as const } : card,
        ),
      );
      if (error instanceof ApiError && error.code === 'STALE_COST') {
        void client.invalidateQueries({ queryKey: generateKeys.baseModels });
        void client.invalidateQueries({ queryKey: generateKeys.presetStyles });
      }
      void client.invalidateQueries({ queryKey: USER_QUERY_KEY });
      // Spec part 2 §5.5: a 402 is titled "Insufficient tokens" (the body is the server's text)
      const title =
        error instanceof ApiError && error.status === 402
          ? GENERATE_TEXTS.insufficient[0]
          : 'Generation failed';
      toast({ variant: 'destructive', title, description: errorMessage(error, 'An unknown error occurred') });
    }
  }

  const onDownload = (card: { imageUrl?: string }) => {
    if (!card.imageUrl) return;
    downloadFile(card.imageUrl, `generated-image-${Date.now()}.jpg`).catch(() =>
      toast({
        variant: 'destructive',
        title: 'Download failed',
        description: 'Failed to download the image',
      }),
    );
  };

  const onDelete = async (card: GeneratedCard) => {
    if (card.id) {
      try {
        await remove.mutateAsync(card.id);
        void client.invalidateQueries({ queryKey: generateKeys.generatedImages });
        toast({ title: 'Image deleted', description: 'The image has been deleted successfully.' });
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) {
          toast({
            variant: 'destructive',
            title: 'Error',
            description: errorMessage(error, 'Failed to delete the image.'),
          });
          return;
        }
      }
    }
    setCards((c) => c.filter((x) => x.key !== card.key));
  };

  return {
    showNsfw,
    baseModels,
    models,
    styles,
    form,
    update,
    selectedSize,
    cards,
    reset,
    loading,
    perImage,
    cost,
    balance,
    insufficient,
    generating,
    modelNotice,
    onStackChange,
    readyModels,
    chosenModel,
    completed,
    setSize,
    setHd,
    onGenerate,
    onDownload,
    onDelete,
  };
}
