import { lazy, useCallback, useState } from 'react';
import { Coins, RotateCcw, Sparkles } from 'lucide-react';
import { insufficientTokensText } from '@shared/generation-texts';
import { MAX_PROMPT_LENGTH } from '@shared/constants';
import type { PublicUser } from '@shared/schemas/user';
import { ShortOfTokensNote } from '@web/components/short-of-tokens';
import { Button } from '@web/components/ui/button';
import { ButtonLink } from '@web/components/ui/button-link';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { OverlayOnDemand } from '@web/components/ui/overlay-on-demand';
import { PageHeader } from '@web/components/ui/page-header';
import { GENERATE_HEADER } from './page-headers';
import { Separator } from '@web/components/ui/separator';
import { useUser } from '@web/lib/session';
import { usePageTitle } from '@web/lib/use-page-title';
import { CostSummary } from './components/cost-summary';
import { PromptField } from './components/prompt-field';
import { ResultViewer } from './components/result-viewer';
import { GeneratedGrid } from './components/generated-grid';
import { ImageSettings } from './components/image-settings';
import { ModelStack } from './components/model-stack';
import { SeedField } from './components/seed-field';
import { useGenerationCost } from './hooks/use-generation-cost';
import { useGenerationRun } from './hooks/use-generation-run';
import { useGeneratorForm } from './hooks/use-generator-form';
import { useModelStack } from './hooks/use-model-stack';
import type { GeneratedCard } from './lib/generator-state';

// The preview, the details and the delete question load when first opened
// (components/ui/overlay-on-demand.tsx)
const DeleteImageDialog = lazy(() =>
  import('./components/delete-image-dialog').then((m) => ({ default: m.DeleteImageDialog })),
);

export function GeneratePage() {
  usePageTitle(GENERATE_HEADER.title);
  const { user } = useUser();
  // Spec part 2 §2: the page renders nothing without a signed-in user
  if (!user) return null;
  return <Generator key={user.id} user={user} />;
}

/**
 * The generator composes four concerns: the form (remembered per user), the model stack (lists, the
 * link's wishes), the cost, and the results of its runs.
 */
function Generator({ user }: { user: PublicUser }) {
  const showNsfw = user.enableNSFW;
  const balance = user.tokenBalance ?? 0;
  const { form, update, reset, size, setSize, setHd, appendToPrompt } = useGeneratorForm(user.id);
  const stack = useModelStack(showNsfw, form, update);
  const { perImage, cost, insufficient } = useGenerationCost(form, stack, balance);
  const results = useGenerationRun({
    userId: user.id,
    form,
    update,
    baseModels: stack.baseModels,
    cost,
    balance,
  });
  const { completed, generating, download, discard } = results;
  const loading = stack.loading;
  const promptLength = form.prompt.trim().length;
  const promptTooLong = promptLength > MAX_PROMPT_LENGTH;
  const [previewIndex, setPreviewIndex] = useState<number | null>(null);
  const [details, setDetails] = useState<GeneratedCard | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<GeneratedCard | null>(null);
  // stable handlers: the settings, the model stack and the results are memoised, and a keystroke in the
  // prompt draws only the prompt (INP, docs/decisions/054-frontend-performance.md)
  const onPrompt = useCallback((prompt: string) => update({ prompt }), [update]);
  const onDimensions = useCallback((width: number, height: number) => update({ width, height }), [update]);
  const onCount = useCallback((count: number) => update({ count }), [update]);
  const onPreview = useCallback(
    (card: GeneratedCard) => setPreviewIndex(completed.findIndex((c) => c.key === card.key)),
    [completed],
  );
  const onDelete = useCallback(
    (card: GeneratedCard) => (card.status === 'completed' ? setConfirmDelete(card) : void discard(card)),
    [discard],
  );

  return (
    <div>
      <PageHeader
        {...GENERATE_HEADER}
        actions={
          <ButtonLink variant="outline" to="/tokens/purchase" icon={Coins}>
            Get More Tokens
          </ButtonLink>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(320px,420px)_1fr]">
        <Card className="h-fit">
          <CardHeader className="flex flex-row items-center justify-between gap-2 space-y-0">
            <CardTitle level={2} className="text-lg">
              Generator Settings
            </CardTitle>
            <Button type="button" variant="ghost" size="sm" onClick={() => reset(stack.defaultBaseId)}>
              <RotateCcw /> Reset
            </Button>
          </CardHeader>
          <CardContent className="space-y-5">
            <PromptField value={form.prompt} onChange={onPrompt} onApply={appendToPrompt} />

            <CostSummary cost={cost} perImage={perImage} count={form.count} balance={balance} />
            {!stack.chosenModel && stack.hasReadyModel && !loading ? (
              <p className="text-sm text-muted-foreground" role="note" data-testid="no-model-hint">
                No personal model chosen: these images will not be of you. Choose one under Your Model.
              </p>
            ) : null}
            <Button
              type="button"
              className="w-full"
              size="lg"
              onClick={() => void results.run()}
              disabled={generating || insufficient || loading || promptTooLong}
            >
              <Sparkles /> {generating ? 'Generating...' : 'Generate'}
            </Button>
            {insufficient && !loading ? (
              <ShortOfTokensNote
                text={insufficientTokensText(cost, form.count, balance)}
                linkText="Get More Tokens"
              />
            ) : null}

            <Separator />
            <ImageSettings
              size={size}
              hdEnabled={form.hdEnabled}
              width={form.width}
              height={form.height}
              count={form.count}
              onSize={setSize}
              onHd={setHd}
              onDimensions={onDimensions}
              onCount={onCount}
            />
            <Separator />
            <ModelStack
              baseModels={stack.baseModels}
              models={stack.models}
              modelNotice={stack.modelNotice}
              styles={stack.styles}
              baseModelId={form.baseModelId}
              modelId={form.modelId}
              styleId={form.styleId}
              loraStrength={form.loraStrength}
              onChange={stack.choose}
            />
            <Separator />
            <SeedField useSeed={form.useSeed} seed={form.seed} onChange={update} />
          </CardContent>
        </Card>

        <section aria-labelledby="generated-title" className="min-w-0">
          <h2 id="generated-title" className="mb-4 text-lg font-semibold">
            Generated Images
          </h2>
          <GeneratedGrid
            cards={results.cards}
            hideNsfw={!showNsfw}
            onPreview={onPreview}
            onDownload={download}
            onDelete={onDelete}
          />
        </section>
      </div>

      <ResultViewer
        completed={completed}
        previewIndex={previewIndex}
        onPreviewIndex={setPreviewIndex}
        details={details}
        onDetails={setDetails}
        onDownload={download}
        hideNsfw={!showNsfw}
      />
      <OverlayOnDemand open={confirmDelete !== null}>
        <DeleteImageDialog
          open={confirmDelete !== null}
          onOpenChange={(o) => !o && setConfirmDelete(null)}
          onConfirm={() => confirmDelete && void discard(confirmDelete)}
        />
      </OverlayOnDemand>
    </div>
  );
}
