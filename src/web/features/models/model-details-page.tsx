import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { AlertCircle, ArrowLeft, Trash2 } from 'lucide-react';
import { useUser } from '@web/lib/session';
import { useAppConfig } from '@web/lib/app-config';
import { formatDate } from '@web/lib/format';
import { usePageTitle } from '@web/lib/use-page-title';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { ConfirmDialog } from '@web/components/ui/alert-dialog';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/use-toast';
import {
  needsPolling,
  refreshModelData,
  useDeleteModel,
  useModel,
  useTrainingStatus,
} from './api/models-api';
import { ModelStatusBadge } from './components/model-status';
import { PhaseTracker } from './components/phase-tracker';
import { PhotoChecksPanel } from './components/photo-checks-panel';
import { FaceAnalysisOffNote } from './components/face-analysis-prompt';
import { TrainingPhotosRetention } from './components/training-photos-retention';
import { PromptModifierEditor } from './components/prompt-modifier-editor';
import { StatusPanel } from './components/status-panel';
import { TrainingImagesGrid } from './components/training-images-grid';
import { TrainingSamples } from './components/training-samples';

const CHANGE_TOASTS: Record<string, { title: string; description?: string; destructive?: boolean }> = {
  training_complete: {
    title: 'Training complete',
    description: 'Your model is being prepared for generation.',
  },
  processing: { title: 'Training complete', description: 'Your model is being prepared for generation.' },
  ready: {
    title: 'Model ready to use!',
    description: 'Model processing complete. You can now generate images.',
  },
  failed: { title: 'Training failed', description: 'Your tokens have been refunded.', destructive: true },
};

export function ModelDetailsPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { user } = useUser();
  const config = useAppConfig();
  const model = useModel(id);
  const m = model.data;
  const poll = needsPolling(m?.status, m?.runwareAirName);
  const status = useTrainingStatus(id, Boolean(m), poll);
  const del = useDeleteModel(id);
  const [refreshing, setRefreshing] = useState(false);
  usePageTitle(m?.name ?? 'Model details');

  // When the status read shows a change, read the model, the list and the balance again and say so.
  const seen = useRef<string | undefined>(undefined);
  useEffect(() => {
    const next = status.data?.model.status;
    if (!next) return;
    const before = seen.current;
    seen.current = next;
    if (before && before !== next) {
      refreshModelData(client, id);
      const t = CHANGE_TOASTS[next];
      if (t && !(next === 'processing' && before === 'training_complete')) {
        toast({
          title: t.title,
          description: t.description,
          variant: t.destructive ? 'destructive' : undefined,
        });
      }
    } else if (m && next !== m.status) {
      refreshModelData(client, id);
    }
  }, [status.data, client, id, m]);

  if (model.isPending)
    return <Skeleton className="h-96 w-full" aria-hidden={false} role="status" aria-label="Loading model" />;
  if (model.isError || !m || !user) {
    return (
      <Alert variant="destructive" className="mx-auto max-w-xl">
        <AlertCircle aria-hidden="true" />
        <AlertTitle>Error Loading Model</AlertTitle>
        <AlertDescription>
          <p>Failed to load model details.</p>
          <Button className="mt-3" variant="outline" asChild>
            <Link to="/models">Back to Models</Link>
          </Button>
        </AlertDescription>
      </Alert>
    );
  }

  const isOwner = user.id === m.userId;
  const isAdmin = user.isAdmin;
  const onRefresh = async () => {
    setRefreshing(true);
    try {
      await Promise.all([status.refetch({ throwOnError: true }), model.refetch({ throwOnError: true })]);
      toast({ title: 'Status refreshed' });
    } catch {
      toast({
        variant: 'destructive',
        title: 'Refresh failed',
        description: 'Could not refresh training status',
      });
    } finally {
      setRefreshing(false);
    }
  };
  const onDelete = async () => {
    try {
      await del.mutateAsync();
      toast({ title: 'Model deleted', description: `${m.name} has been deleted.` });
      navigate('/models');
    } catch {
      // told by the error policy (src/web/lib/error-policy.ts)
    }
  };
  const phase =
    status.data?.phaseCompleted ??
    (m.status === 'processing' ? 2 : m.status === 'training' || m.zipUrl ? 1 : 0);

  return (
    <div className="grid gap-6">
      <div>
        <Button variant="ghost" size="sm" className="mb-2 -ml-2" asChild>
          <Link to="/models">
            <ArrowLeft aria-hidden="true" />
            Back to Models
          </Link>
        </Button>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0 space-y-2">
            <div className="flex flex-wrap items-center gap-3">
              <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{m.name}</h1>
              <ModelStatusBadge status={m.status} detail />
            </div>
            <p className="text-sm text-muted-foreground">Created {formatDate(m.createdAt)}</p>
            {m.description ? <p className="text-muted-foreground">{m.description}</p> : null}
            {m.runwareAirName ? (
              <p className="text-sm">
                AIR ID:{' '}
                <code
                  className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs break-all"
                  data-testid="air-id"
                >
                  {m.runwareAirName}
                </code>
              </p>
            ) : null}
          </div>
          <div className="flex flex-wrap gap-2">
            {m.status === 'ready' ? (
              <Button asChild>
                <Link to={`/generate?modelId=${encodeURIComponent(m.id)}`}>Generate Images</Link>
              </Button>
            ) : null}
            {isOwner || isAdmin ? (
              <ConfirmDialog
                trigger={
                  <Button variant="outline" className="text-destructive-text">
                    <Trash2 aria-hidden="true" />
                    Delete Model
                  </Button>
                }
                title="Delete this model?"
                description={
                  <>
                    This action cannot be undone. The model &quot;{m.name}&quot; and its training images will
                    be permanently deleted.
                    {m.status === 'training'
                      ? ' The training in progress will be canceled and its tokens refunded.'
                      : ''}
                  </>
                }
                confirmLabel="Delete"
                destructive
                onConfirm={() => void onDelete()}
              />
            ) : null}
          </div>
        </div>
      </div>

      {m.status !== 'failed' && m.status !== 'ready' ? (
        <Card>
          <CardContent className="pt-6">
            <PhaseTracker
              completed={phase}
              running={['training', 'processing', 'training_complete'].includes(m.status)}
            />
          </CardContent>
        </Card>
      ) : null}

      <StatusPanel
        model={m}
        status={status.data}
        isOwner={isOwner}
        isAdmin={isAdmin}
        balance={user.tokenBalance ?? 0}
        offlineTraining={config.data?.engines.training === 'offline'}
        onRefresh={() => void onRefresh()}
        refreshing={refreshing}
      />

      <TrainingSamples samples={m.trainingSamples} />

      {m.status === 'ready' ? (
        <PromptModifierEditor modelId={m.id} value={m.promptModifier ?? ''} canEdit={isOwner || isAdmin} />
      ) : null}

      <PhotoChecksPanel model={m} canEdit={isOwner} />
      {isOwner && m.trainingImages.length > 0 ? <FaceAnalysisOffNote /> : null}
      <TrainingPhotosRetention model={m} isOwner={isOwner} />

      <TrainingImagesGrid
        images={m.trainingImages}
        addMoreTo={
          isOwner &&
          (m.status === 'pending' || m.status === 'uploaded' || (m.status === 'failed' && m.photosDeletedAt))
            ? `/models/${m.id}/upload`
            : undefined
        }
      />
    </div>
  );
}
