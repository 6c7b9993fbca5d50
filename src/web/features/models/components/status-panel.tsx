import { useRef, useState, type ComponentType, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { AlertCircle, CheckCircle2, Loader2, RefreshCw, Sparkles } from 'lucide-react';
import { MIN_TRAINING_IMAGES, TRAINING_COST, type ModelStatus } from '@shared/constants';
import { MIN_PASSING_PHOTOS } from '@shared/photo-checks';
import type { Model, TrainingStatusResponse } from '@shared/schemas/models';
import { INSUFFICIENT_TRAINING_TOKENS } from '@shared/schemas/models';
import { estimatedProgress, lastLogLines, progressFromLogs } from '@shared/training-progress';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { ConfirmDialog } from '@web/components/ui/alert-dialog';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Progress } from '@web/components/ui/progress';
import { ButtonSpinner } from '@web/components/ui/spinner';
import { ActionButton, runAction, useWordedModelAction } from './model-action-button';
import { PHOTO_CHECKS_ID } from './photo-checks-panel';
import { ButtonLink } from '@web/components/ui/button-link';

type Props = {
  model: Model;
  status: TrainingStatusResponse | undefined;
  isOwner: boolean;
  isAdmin: boolean;
  balance: number;
  offlineTraining: boolean;
  onRefresh: () => void;
  refreshing: boolean;
};

/** A vendor's or pipeline's reason ("GPU lost") ends with a full stop before the next sentence. */
export function asSentence(text: string) {
  const t = text.trim();
  return /[.!?…]$/.test(t) ? t : `${t}.`;
}

/** Spec part 1 §4: the response's progress; else parsed from the logs; else estimated (≤ 99). */
export function displayProgress(model: Model, status: TrainingStatusResponse | undefined) {
  if (typeof status?.progress === 'number') return status.progress;
  return progressFromLogs(status?.logs) ?? estimatedProgress(model.updatedAt);
}

/** What every state's view is told. */
type ViewProps = {
  model: Model;
  status: TrainingStatusResponse | undefined;
  isOwner: boolean;
  isAdmin: boolean;
  canManage: boolean;
  balance: number;
  offlineTraining: boolean;
  imageCount: number;
  /** the Refresh button, shown in the header of the states that move by themselves */
  refresh: ReactNode;
};

/** Pending or uploaded: the photos, the tokens and the button that starts training. */
function StartTrainingView({ model, isOwner, balance, offlineTraining, imageCount }: ViewProps) {
  const train = useWordedModelAction(model.id, 'train');
  const [confirmTraining, setConfirmTraining] = useState(false);
  // The dialog opens without a Radix trigger, so it is told where focus goes on closing: the flagged
  // photos after "Review photos", else back to Start Training (not the page body).
  const startButton = useRef<HTMLButtonElement>(null);
  const reviewing = useRef(false);
  const onDialogClosed = (event: Event) => {
    event.preventDefault();
    const photos = reviewing.current ? document.getElementById(PHOTO_CHECKS_ID) : null;
    reviewing.current = false;
    if (photos) {
      photos.scrollIntoView?.({ block: 'start' });
      photos.focus();
    } else startButton.current?.focus();
  };
  // decision 020: the checks never block training, but with few clean photos the user confirms first
  const checks = model.photoChecks;
  const fewPassing = checks ? checks.passing < MIN_PASSING_PHOTOS : false;
  const startTraining = () => void runAction(train, 'train');
  const enoughImages = imageCount >= MIN_TRAINING_IMAGES;
  const enoughTokens = balance >= TRAINING_COST;
  return (
    <Card>
      <CardHeader>
        <CardTitle role="heading" aria-level={2}>
          Start Training
        </CardTitle>
        <CardDescription>
          Training costs {TRAINING_COST} tokens and usually takes 30-60 minutes
          {offlineTraining ? ' (this server uses the built-in offline trainer, which is much faster)' : ''}.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {!enoughImages ? (
          <p className="text-sm text-muted-foreground">
            Upload at least {MIN_TRAINING_IMAGES} images to start training ({imageCount} uploaded).
          </p>
        ) : null}
        {isOwner && model.status === 'uploaded' && enoughImages ? (
          <div className="flex flex-wrap items-center gap-3">
            <Button
              ref={startButton}
              onClick={() => (fewPassing ? setConfirmTraining(true) : startTraining())}
              disabled={!enoughTokens || train.isPending}
            >
              {train.isPending ? <ButtonSpinner /> : <Sparkles aria-hidden="true" />}
              Start Training
            </Button>
            <ConfirmDialog
              open={confirmTraining}
              onOpenChange={setConfirmTraining}
              onCloseAutoFocus={onDialogClosed}
              title="Train with these photos?"
              description={
                <>
                  Only {checks?.passing ?? 0} of your {imageCount} photos passed the photo checks
                  {checks?.pending ? ` (${checks.pending} are still being checked)` : ''}. A model trained on
                  fewer than {MIN_PASSING_PHOTOS} good photos often looks less like you. You can remove or
                  replace the flagged photos first, or train anyway.
                </>
              }
              confirmLabel="Train anyway"
              onConfirm={startTraining}
              cancelLabel="Review photos"
              onCancel={() => (reviewing.current = true)}
            />
            {!enoughTokens ? (
              <p className="text-sm text-destructive-text">
                {INSUFFICIENT_TRAINING_TOKENS}{' '}
                <Link to="/tokens/purchase" className="font-medium underline">
                  Buy tokens
                </Link>
              </p>
            ) : null}
          </div>
        ) : null}
        {model.trainingError === 'Training was canceled' ? (
          <p className="text-sm text-muted-foreground">
            The last training was canceled and its tokens refunded.
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The card of a state that moves by itself: a spinning title, what is happening, Refresh beside it. */
function WorkingCard({
  title,
  description,
  refresh,
  children,
}: {
  title: string;
  description: string;
  refresh: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="flex flex-row items-start justify-between gap-2">
        <div className="space-y-1">
          <CardTitle role="heading" aria-level={2} className="flex items-center gap-2">
            <Loader2 aria-hidden="true" className="size-5 animate-spin" />
            {title}
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        {refresh}
      </CardHeader>
      {children}
    </Card>
  );
}

/** Training: progress, the last log lines, and Cancel for who may manage the model. */
function TrainingView({ model, status, canManage, refresh }: ViewProps) {
  const progress = displayProgress(model, status);
  const lines = lastLogLines(status?.logs, 5);
  return (
    <WorkingCard
      title="Training in Progress"
      description="Your model is training. This page refreshes every 10 seconds."
      refresh={refresh}
    >
      <CardContent className="grid gap-3">
        <div className="flex items-center justify-between text-sm">
          <span>Progress</span>
          <span data-testid="training-progress">{progress}%</span>
        </div>
        {/* the bar shows a sliver even at 0 %; screen readers get the real figure */}
        <Progress
          value={Math.max(5, progress)}
          getValueLabel={() => `${progress}%`}
          aria-label="Training progress"
        />
        {lines.length > 0 ? (
          // a named log, read on demand: the 10 s poll would otherwise announce every refresh
          <pre
            role="log"
            aria-live="off"
            aria-label="Training log"
            className="max-h-48 overflow-auto rounded-md bg-muted p-3 font-mono text-xs whitespace-pre-wrap"
          >
            {lines.join('\n')}
          </pre>
        ) : null}
        {canManage ? (
          <div>
            <ActionButton modelId={model.id} action="cancel-training" variant="destructive">
              Cancel Training
            </ActionButton>
          </div>
        ) : null}
      </CardContent>
    </WorkingCard>
  );
}

/** Trained, being prepared for generation; Mark as Ready once the vendor says it succeeded. */
function FinalizingView({ model, status, canManage, refresh }: ViewProps) {
  const succeeded = status?.progress === 100 || status?.trainingStatus === 'succeeded';
  return (
    <WorkingCard
      title={model.status === 'training_complete' ? 'Finalizing AIR ID' : 'Finalizing Model - Almost Ready'}
      description="Training is complete. The model is being prepared for generation; this usually takes 5-10 minutes."
      refresh={refresh}
    >
      {succeeded && canManage ? (
        <CardContent>
          <ActionButton modelId={model.id} action="skip-processing" variant="outline">
            Mark as Ready
          </ActionButton>
        </CardContent>
      ) : null}
    </WorkingCard>
  );
}

function ReadyView({ model }: ViewProps) {
  return (
    <Alert variant="success">
      <CheckCircle2 aria-hidden="true" />
      <AlertTitle>Ready to Use</AlertTitle>
      <AlertDescription>
        <p>Your model is trained and ready. Generate images of yourself in any style.</p>
        <ButtonLink className="mt-3" to={`/generate?modelId=${encodeURIComponent(model.id)}`}>
          Generate Images
        </ButtonLink>
      </AlertDescription>
    </Alert>
  );
}

/** Failed: the reason (tokens refunded), Retry for who may manage it, Contact Support for its owner. */
function FailedView({ model, status, isAdmin, canManage, imageCount }: ViewProps) {
  const navigate = useNavigate();
  return (
    <Alert variant="destructive">
      <AlertCircle aria-hidden="true" />
      <AlertTitle>Training Failed</AlertTitle>
      <AlertDescription>
        <p>
          {asSentence(
            status?.error ?? model.trainingError ?? 'Something went wrong while training this model.',
          )}{' '}
          The tokens for this training have been refunded.
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          {canManage && imageCount >= MIN_TRAINING_IMAGES ? (
            <ActionButton modelId={model.id} action="retry-training">
              Retry Training
            </ActionButton>
          ) : null}
          {!isAdmin ? (
            <Button
              variant="outline"
              onClick={() => navigate(`/support?modelId=${encodeURIComponent(model.id)}`)}
            >
              Contact Support
            </Button>
          ) : null}
        </div>
      </AlertDescription>
    </Alert>
  );
}

/** The model's state → what the panel shows; `working` states move by themselves and carry Refresh in their card. */
const VIEWS: Record<ModelStatus, { View: ComponentType<ViewProps>; working: boolean }> = {
  pending: { View: StartTrainingView, working: false },
  uploaded: { View: StartTrainingView, working: false },
  training: { View: TrainingView, working: true },
  training_complete: { View: FinalizingView, working: true },
  processing: { View: FinalizingView, working: true },
  ready: { View: ReadyView, working: false },
  failed: { View: FailedView, working: false },
};

export function StatusPanel({ onRefresh, refreshing, ...props }: Props) {
  const { model, isOwner, isAdmin } = props;
  const { View, working } = VIEWS[model.status];
  const refresh = (
    <Button variant="outline" size="sm" onClick={onRefresh} disabled={refreshing}>
      <RefreshCw aria-hidden="true" className={refreshing ? 'animate-spin' : undefined} />
      Refresh
    </Button>
  );
  const showReupload =
    isAdmin &&
    (model.processingStatus === 'failed' || model.status === 'failed' || Boolean(model.runwareAirName)) &&
    model.status !== 'training';
  return (
    <div className="grid gap-4">
      <View
        {...props}
        canManage={isOwner || isAdmin}
        imageCount={model.imageCount ?? model.trainingImages.length}
        refresh={refresh}
      />
      <div className="flex flex-wrap gap-2">
        {working ? null : refresh}
        {showReupload ? (
          <ActionButton modelId={model.id} action="reupload-runware" variant="outline" size="sm">
            Re-upload to Runware
          </ActionButton>
        ) : null}
      </div>
    </div>
  );
}
