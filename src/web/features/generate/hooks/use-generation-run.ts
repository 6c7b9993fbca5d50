import { useCallback, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { GENERATE_TEXTS, insufficientTokensText } from '@shared/generation-texts';
import type { GeneratedImageView } from '@shared/schemas/generation';
import { saveImage } from '@web/components/generated-image/download';
import { toast, toastError } from '@web/components/ui/use-toast';
import { ApiError } from '@web/lib/api';
import { USER_QUERY_KEY } from '@web/lib/query-client';
import { generateKeys, useDeleteImage, useGenerateImages, type BaseModel } from '../api/generate-api';
import type { GeneratedCard, GeneratorForm } from '../lib/generator-state';
import type { FormPatch } from './use-generator-form';
import { useStoredState } from './use-stored-state';
import { formatNumber } from '@web/lib/format';

const MAX_KEPT_CARDS = 60;
/** Only the newest cards are remembered; the page shows every card of this visit. */
const keepRecent = (cards: GeneratedCard[]) => cards.slice(0, MAX_KEPT_CARDS);

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

/** Spec part 2 §5: the five checks before a run, in order; the first that fails is told and stops it. */
function refusal(
  form: GeneratorForm,
  baseModels: BaseModel[],
  cost: number,
  balance: number,
): readonly [string, string] | null {
  if (!form.baseModelId) return GENERATE_TEXTS.baseModelRequired;
  if (!baseModels.some((b) => b.id === form.baseModelId)) return GENERATE_TEXTS.baseModelInvalid;
  if (!form.prompt.trim()) return GENERATE_TEXTS.promptRequired;
  if (balance < cost)
    return [GENERATE_TEXTS.insufficient[0], insufficientTokensText(cost, form.count, balance)];
  return null;
}

type RunInput = {
  userId: string;
  form: GeneratorForm;
  update: (patch: FormPatch) => void;
  baseModels: BaseModel[];
  cost: number;
  balance: number;
};

/**
 * The results: the cards of the runs (optimistic placeholders first, remembered per user), and what a
 * run, a download or a delete tells the person.
 */
export function useGenerationRun({ userId, form, update, baseModels, cost, balance }: RunInput) {
  const client = useQueryClient();
  const generate = useGenerateImages();
  const remove = useDeleteImage();
  const [cards, setCards] = useStoredState<GeneratedCard[]>(
    'generatedImages',
    userId,
    // a card left "generating" by a closed tab is not coming back here (it is in the gallery)
    (stored) => (stored ?? []).filter((c) => c.status === 'completed'),
    keepRecent,
  );
  const completed = useMemo(() => cards.filter((c) => c.status === 'completed' && c.imageUrl), [cards]);

  async function run() {
    const refused = refusal(form, baseModels, cost, balance);
    if (refused) {
      toast({ variant: 'destructive', title: refused[0], description: refused[1] });
      const first = baseModels[0];
      if (refused === GENERATE_TEXTS.baseModelInvalid && first) {
        update({ baseModelId: first.id });
        toast({ title: 'Base model auto-selected', description: `${first.name} has been selected.` });
      }
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
          description: `${out.images.length} image(s) for ${formatNumber(out.tokensUsed)} tokens${missing > 0 ? ` (${missing} failed and were refunded)` : ''}. ${
            refreshed
              ? `Balance: ${formatNumber(out.balance)} tokens.`
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
      // Said here, not by the error policy: spec part 2 §5.5 titles a 402 "Insufficient tokens" (the
      // body is the server's text)
      const title =
        error instanceof ApiError && error.status === 402
          ? GENERATE_TEXTS.insufficient[0]
          : 'Generation failed';
      toastError(title, error, 'An unknown error occurred');
    }
  }

  const download = useCallback((card: { imageUrl?: string }) => {
    if (!card.imageUrl) return;
    void saveImage(card.imageUrl, `generated-image-${Date.now()}.jpg`);
  }, []);

  const { mutateAsync: removeImage } = remove;
  const discard = useCallback(
    async (card: GeneratedCard) => {
      if (card.id) {
        try {
          await removeImage(card.id);
          void client.invalidateQueries({ queryKey: generateKeys.generatedImages });
          toast({ title: 'Image deleted', description: 'The image has been deleted successfully.' });
        } catch (error) {
          // said here, not by the error policy: an image already gone is no failure, it just leaves
          if (!(error instanceof ApiError && error.status === 404)) {
            toastError('Error', error, 'Failed to delete the image.');
            return;
          }
        }
      }
      setCards((c) => c.filter((x) => x.key !== card.key));
    },
    [client, removeImage, setCards],
  );

  return { cards, completed, generating: generate.isPending, run, download, discard };
}
