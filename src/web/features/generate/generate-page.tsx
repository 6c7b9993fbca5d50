import { useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Coins, RotateCcw, Sparkles } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { GENERATE_TEXTS, MAX_SEED, insufficientTokensText } from '@shared/schemas/generation';
import { costPerImage } from '@shared/token-cost';
import type { PublicUser } from '@shared/schemas/user';
import { downloadFile } from '@web/components/generated-image/download';
import { ImageDetailsDialog } from '@web/components/generated-image/image-details-dialog';
import { ImageLightbox } from '@web/components/generated-image/image-lightbox';
import { AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogFooter, AlertDialogHeader, AlertDialogTitle } from '@web/components/ui/alert-dialog';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { PageHeader } from '@web/components/ui/page-header';
import { Separator } from '@web/components/ui/separator';
import { Switch } from '@web/components/ui/switch';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { useUser } from '@web/lib/session';
import { ApiError, errorMessage } from '@web/lib/api';
import { USER_QUERY_KEY } from '@web/lib/query-client';
import { usePageTitle } from '@web/lib/use-page-title';
import { useBaseModels, useDeleteImage, useGenerateImages, usePresetStyles, useUserModels } from './api/generate-api';
import { GeneratedGrid } from './components/generated-grid';
import { ImageHelper } from './components/image-helper';
import { ImageSettings } from './components/image-settings';
import { ModelStack } from './components/model-stack';
import { useGeneratorState } from './hooks/use-generator-state';
import { dimensionsFor, isOnTheWay, resolveWish, type GeneratedCard } from './lib/generator-state';

// digits only, at most the largest seed the server takes (a larger one would only fail the whole request)
function seedText(value: string) {
  const digits = value.replace(/[^\d]/g, '').slice(0, 10);
  return digits !== '' && Number(digits) > MAX_SEED ? String(MAX_SEED) : digits;
}

export function GeneratePage() {
  usePageTitle('Generate Images');
  const { user } = useUser();
  // Spec part 2 §2: the page renders nothing without a signed-in user
  if (!user) return null;
  return <Generator key={user.id} user={user} />;
}

function Generator({ user }: { user: PublicUser }) {
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
  const [previewIndex, setPreviewIndex] = useState<number | null>(null);
  const [details, setDetails] = useState<GeneratedCard | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<GeneratedCard | null>(null);

  const loading = baseModels.isPending || models.isPending || styles.isPending;
  const base = baseModels.data?.find((b) => b.id === form.baseModelId);
  const style = styles.data?.find((s) => s.id === form.styleId);
  const perImage = costPerImage({ baseModelCost: base?.tokenCost, styleCost: style?.tokenCost, hdEnabled: form.hdEnabled, width: form.width, height: form.height });
  const cost = perImage * form.count;
  const balance = user.tokenBalance ?? 0;
  const insufficient = balance < cost;
  const generating = generate.isPending;

  useEffect(() => {
    if (baseModels.isError || models.isError || styles.isError) {
      toast({ variant: 'destructive', title: 'Error loading data', description: 'Failed to load models or presets. Please try again.' });
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
  const styleOutcome = styleWish?.state === 'apply' ? styleWish.id : styleWish?.state === 'missing' || styleWish?.state === 'unusable' ? '' : null;
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
    if (modelsFresh && models.data && form.modelId && !models.data.some((m) => m.id === form.modelId && m.status === 'ready')) update({ modelId: null });
  }, [modelsFresh, models.data, form.modelId, update]);
  useEffect(() => {
    if (stylesFresh && styles.data && form.styleId && !styles.data.some((s) => s.id === form.styleId)) update({ styleId: null });
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
      toast({ variant: 'destructive', title: GENERATE_TEXTS.authRequired[0], description: GENERATE_TEXTS.authRequired[1] });
      return;
    }
    if (!form.baseModelId) {
      toast({ variant: 'destructive', title: GENERATE_TEXTS.baseModelRequired[0], description: GENERATE_TEXTS.baseModelRequired[1] });
      return;
    }
    if (!baseModels.data?.some((b) => b.id === form.baseModelId)) {
      toast({ variant: 'destructive', title: GENERATE_TEXTS.baseModelInvalid[0], description: GENERATE_TEXTS.baseModelInvalid[1] });
      const first = baseModels.data?.[0];
      if (first) {
        update({ baseModelId: first.id });
        toast({ title: 'Base model auto-selected', description: `${first.name} has been selected.` });
      }
      return;
    }
    if (!form.prompt.trim()) {
      toast({ variant: 'destructive', title: GENERATE_TEXTS.promptRequired[0], description: GENERATE_TEXTS.promptRequired[1] });
      return;
    }
    if (balance < cost) {
      toast({ variant: 'destructive', title: GENERATE_TEXTS.insufficient[0], description: insufficientTokensText(cost, form.count, balance) });
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
        toast({ title: 'Still generating', description: 'This is taking longer than usual. Your images will appear in your gallery.' });
      } else {
        setCards((c) => {
          let n = 0;
          return c.map((card) => {
            if (!keys.has(card.key)) return card;
            const img = out.images[n++];
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
        });
      }
      let refreshed = true;
      try {
        await client.refetchQueries({ queryKey: USER_QUERY_KEY }, { throwOnError: true });
      } catch {
        refreshed = false;
      }
      void client.invalidateQueries({ queryKey: ['/api/generated-images'] });
      if (out.status !== 'pending') {
        const missing = out.requested - out.images.length;
        toast({
          title: 'Images generated',
          description: `${out.images.length} image(s) for ${out.tokensUsed} tokens${missing > 0 ? ` (${missing} failed and were refunded)` : ''}. ${
            refreshed ? `Balance: ${out.balance} tokens.` : 'Your balance will update shortly — refresh the page if it does not.'
          }`,
        });
      }
    } catch (error) {
      setCards((c) => c.map((card) => (keys.has(card.key) && card.status === 'generating' ? { ...card, status: 'failed' as const } : card)));
      if (error instanceof ApiError && error.code === 'STALE_COST') {
        void client.invalidateQueries({ queryKey: ['/api/base-models'] });
        void client.invalidateQueries({ queryKey: ['/api/preset-styles'] });
      }
      void client.invalidateQueries({ queryKey: USER_QUERY_KEY });
      // Spec part 2 §5.5: a 402 is titled "Insufficient tokens" (the body is the server's text)
      const title = error instanceof ApiError && error.status === 402 ? GENERATE_TEXTS.insufficient[0] : 'Generation failed';
      toast({ variant: 'destructive', title, description: errorMessage(error, 'An unknown error occurred') });
    }
  }

  const onDownload = (card: { imageUrl?: string }) => {
    if (!card.imageUrl) return;
    downloadFile(card.imageUrl, `generated-image-${Date.now()}.jpg`).catch(() =>
      toast({ variant: 'destructive', title: 'Download failed', description: 'Failed to download the image' }),
    );
  };

  const onDelete = async (card: GeneratedCard) => {
    if (card.id) {
      try {
        await remove.mutateAsync(card.id);
        void client.invalidateQueries({ queryKey: ['/api/generated-images'] });
        toast({ title: 'Image deleted', description: 'The image has been deleted successfully.' });
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) {
          toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, 'Failed to delete the image.') });
          return;
        }
      }
    }
    setCards((c) => c.filter((x) => x.key !== card.key));
  };

  return (
    <div>
      <PageHeader
        title="Generate Images"
        description="Describe a scene, pick your model and a style, and generate."
        actions={
          <Button asChild variant="outline">
            <Link to="/tokens/purchase">
              <Coins /> Get More Tokens
            </Link>
          </Button>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(320px,420px)_1fr]">
        <Card className="h-fit">
          <CardHeader className="flex flex-row items-center justify-between gap-2 space-y-0">
            <CardTitle level={2} className="text-lg">Generator Settings</CardTitle>
            <Button type="button" variant="ghost" size="sm" onClick={() => reset(baseModels.data?.find((b) => b.isDefault)?.id ?? baseModels.data?.[0]?.id ?? '')}>
              <RotateCcw /> Reset
            </Button>
          </CardHeader>
          <CardContent className="space-y-5">
            <section className="space-y-3" aria-labelledby="prompt-title">
              <h3 id="prompt-title" className="text-sm font-semibold">
                Prompt
              </h3>
              <ImageHelper onApply={(text) => update({ prompt: form.prompt.trim() ? `${form.prompt.trim()}, ${text}` : text })} />
              <Label htmlFor="prompt" className="sr-only">
                Prompt
              </Label>
              <Textarea id="prompt" rows={4} placeholder="Describe the image you want to create..." value={form.prompt} onChange={(e) => update({ prompt: e.target.value })} maxLength={3000} />
            </section>

            <div className="space-y-2 rounded-lg bg-muted p-3 text-sm" aria-live="polite">
              <div className="flex justify-between">
                <span>Token cost</span>
                <span className="font-semibold tabular-nums" data-testid="generator-cost">
                  {cost} tokens
                </span>
              </div>
              <div className="flex justify-between text-muted-foreground">
                <span>
                  {perImage} × {form.count} image(s)
                </span>
                <span className="tabular-nums" data-testid="generator-balance">
                  Balance: {balance}
                </span>
              </div>
            </div>
            {!chosenModel && readyModels.length > 0 && !loading ? (
              <p className="text-sm text-muted-foreground" role="note" data-testid="no-model-hint">
                No personal model chosen: these images will not be of you. Choose one under Your Model.
              </p>
            ) : null}
            <Button type="button" className="w-full" size="lg" onClick={() => void onGenerate()} disabled={generating || insufficient || loading}>
              <Sparkles /> {generating ? 'Generating...' : 'Generate'}
            </Button>
            {insufficient && !loading ? (
              <p className="text-sm text-destructive-text" role="note">
                {insufficientTokensText(cost, form.count, balance)}{' '}
                <Link to="/tokens/purchase" className="font-medium underline">
                  Get More Tokens
                </Link>
              </p>
            ) : null}

            <Separator />
            <ImageSettings
              size={selectedSize}
              hdEnabled={form.hdEnabled}
              width={form.width}
              height={form.height}
              count={form.count}
              onSize={setSize}
              onHd={setHd}
              onDimensions={(width, height) => update({ width, height })}
              onCount={(count) => update({ count })}
            />
            <Separator />
            <ModelStack
              baseModels={baseModels.data ?? []}
              models={models.data ?? []}
              modelNotice={modelNotice}
              styles={styles.data ?? []}
              baseModelId={form.baseModelId}
              modelId={form.modelId}
              styleId={form.styleId}
              loraStrength={form.loraStrength}
              onChange={onStackChange}
            />
            <Separator />
            <div className="space-y-2">
              <div className="flex items-center justify-between">
                <Label htmlFor="use-seed">Use a fixed seed</Label>
                <Switch id="use-seed" checked={form.useSeed} onCheckedChange={(useSeed) => update({ useSeed })} />
              </div>
              {form.useSeed ? (
                <Input id="seed" aria-label="Seed" inputMode="numeric" value={form.seed} onChange={(e) => update({ seed: seedText(e.target.value) })} />
              ) : null}
            </div>
          </CardContent>
        </Card>

        <section aria-labelledby="generated-title" className="min-w-0">
          <h2 id="generated-title" className="mb-4 text-lg font-semibold">
            Generated Images
          </h2>
          <GeneratedGrid
            cards={cards}
            hideNsfw={!showNsfw}
            onPreview={(card) => setPreviewIndex(completed.findIndex((c) => c.key === card.key))}
            onDownload={onDownload}
            onDelete={(card) => (card.status === 'completed' ? setConfirmDelete(card) : void onDelete(card))}
          />
        </section>
      </div>

      <ImageLightbox
        images={completed.map((c) => ({ ...c, id: c.key, imageUrl: c.imageUrl! }))}
        index={previewIndex}
        onIndexChange={setPreviewIndex}
        onDownload={onDownload}
        onDetails={(img) => setDetails(completed.find((c) => c.key === img.id) ?? null)}
        hideNsfw={!showNsfw}
      />
      <ImageDetailsDialog
        open={details !== null}
        onOpenChange={(o) => !o && setDetails(null)}
        hideNsfw={!showNsfw}
        image={
          details
            ? {
                imageUrl: details.imageUrl ?? '',
                thumbnailUrl: details.thumbnailUrl ?? details.imageUrl ?? '',
                createdAt: details.createdAt,
                width: details.width,
                height: details.height,
                tokensUsed: details.tokensUsed ?? 0,
                baseModelName: details.baseModelName ?? null,
                modelName: details.modelName ?? null,
                styleName: details.styleName ?? null,
                prompt: details.prompt,
                negativePrompt: details.negativePrompt ?? '',
                isNSFW: details.isNSFW ?? false,
              }
            : null
        }
      />
      <AlertDialog open={confirmDelete !== null} onOpenChange={(o) => !o && setConfirmDelete(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete Image</AlertDialogTitle>
            <AlertDialogDescription>This image will be removed from your gallery. This cannot be undone.</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction destructive onClick={() => confirmDelete && void onDelete(confirmDelete)}>
              Delete
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
