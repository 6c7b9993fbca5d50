import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { AlertCircle } from 'lucide-react';
import { useUser } from '@web/lib/session';
import { useAppConfig } from '@web/lib/app-config';
import { usePageTitle } from '@web/lib/use-page-title';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Card, CardContent } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/use-toast';
import { needsPolling, useDeleteModel, useModel, useTrainingStatus } from './api/models-api';
import { ModelHeader } from './components/model-header';
import { useStatusChangeToasts } from './hooks/use-status-change-toasts';
import { PhaseTracker } from './components/phase-tracker';
import { PhotoChecksPanel } from './components/photo-checks-panel';
import { FaceAnalysisOffNote } from './components/face-analysis-prompt';
import { TrainingPhotosRetention } from './components/training-photos-retention';
import { PromptModifierEditor } from './components/prompt-modifier-editor';
import { StatusPanel } from './components/status-panel';
import { TrainingImagesGrid } from './components/training-images-grid';
import { TrainingSamples } from './components/training-samples';
import { ButtonLink } from '@web/components/ui/button-link';

export function ModelDetailsPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { user } = useUser();
  const config = useAppConfig();
  const model = useModel(id);
  const m = model.data;
  const poll = needsPolling(m?.status, m?.runwareAirName);
  const status = useTrainingStatus(id, Boolean(m), poll);
  const del = useDeleteModel(id);
  const [refreshing, setRefreshing] = useState(false);
  usePageTitle(m?.name ?? 'Model details');

  useStatusChangeToasts(id, m, status.data);

  if (model.isPending)
    return <Skeleton className="h-96 w-full" aria-hidden={false} role="status" aria-label="Loading model" />;
  if (model.isError || !m || !user) {
    return (
      <Alert variant="destructive" className="mx-auto max-w-xl">
        <AlertCircle aria-hidden="true" />
        <AlertTitle>Error Loading Model</AlertTitle>
        <AlertDescription>
          <p>Failed to load model details.</p>
          <ButtonLink className="mt-3" variant="outline" to="/models">
            Back to Models
          </ButtonLink>
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
      <ModelHeader model={m} canDelete={isOwner || isAdmin} onDelete={() => void onDelete()} />

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
