import { useEffect, useRef } from 'react';
import { Play, RotateCcw, XCircle } from 'lucide-react';
import { TRAINING_GRID_PREVIEW } from '@shared/constants';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogHeading } from '@web/components/ui/dialog';
import { Progress } from '@web/components/ui/progress';
import { ButtonSpinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { formatDateTime } from '@web/lib/format';
import {
  type AdminModel,
  useCancelTraining,
  useResetModel,
  useStartTraining,
  useTrainingStatus,
} from '../api/models-api';
import { afterChange } from '../../shared/admin-queries';
import { AdminModelStatus } from './admin-model-status';

const CANCEL_REFRESH_MS = 5000;
const TRAINING = new Set(['training', 'training_complete', 'processing']);

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div className="min-w-0">
      <p className="text-xs font-medium text-muted-foreground">{label}</p>
      <p className="font-mono text-sm break-all">{value || 'Not set'}</p>
    </div>
  );
}

export function ModelDetailDialog({
  model,
  onClose,
  onRefresh,
}: {
  model: AdminModel | null;
  onClose: () => void;
  onRefresh: () => void;
}) {
  const training = Boolean(model && TRAINING.has(model.status));
  const status = useTrainingStatus(model?.id ?? '', training);
  const reset = useResetModel();
  const train = useStartTraining();
  const cancel = useCancelTraining();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const prevStatus = useRef<string | undefined>(undefined);

  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  // a notification when a watched training finishes (docs/product/spec-part-2.md §2)
  useEffect(() => {
    const now = status.data?.model.status;
    if (
      prevStatus.current &&
      now &&
      prevStatus.current !== now &&
      (now === 'ready' || now === 'training_complete')
    ) {
      toast({
        variant: 'success',
        title: 'Training complete',
        description: `${model?.name ?? 'The model'} finished training.`,
      });
      onRefresh();
    }
    prevStatus.current = now;
  }, [status.data?.model.status, model?.name, onRefresh]);

  if (!model) return <Dialog open={false} onOpenChange={onClose} />;
  const m = model;
  const images = m.trainingImages ?? [];
  const shown = images.slice(0, TRAINING_GRID_PREVIEW);
  const extra = Math.max(0, (m.imageCount ?? images.length) - shown.length);
  const progress = status.data?.progress;
  const logLines = (status.data?.logs ?? '')
    .split('\n')
    .filter((l) => l.trim())
    .slice(-5);

  const onCancel = () =>
    afterChange(cancel.mutateAsync(m.id), () => {
      toast({ title: 'Cancelling training', description: 'The list refreshes in a few seconds.' });
      timer.current = setTimeout(onRefresh, CANCEL_REFRESH_MS);
    });
  const onReset = () =>
    afterChange(reset.mutateAsync(m.id), () => {
      toast({ variant: 'success', title: 'Status reset', description: 'You can now restart training.' });
      onClose();
    });
  const onTrain = () =>
    afterChange(train.mutateAsync(m.id), () => {
      toast({ variant: 'success', title: 'Training started', description: `${m.name} is now training.` });
      onClose();
    });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeading
          title={
            <>
              {m.name} <AdminModelStatus status={m.status} />
            </>
          }
          description={
            <>
              {m.userUsername ?? 'Unknown'} · {m.userEmail ?? 'No email'} · created{' '}
              {formatDateTime(m.createdAt)}
            </>
          }
          titleClassName="flex flex-wrap items-center gap-2"
        />
        <div className="grid gap-4">
          {m.description ? <p className="text-sm">{m.description}</p> : null}
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label="Model ID" value={m.id} />
            <Field label="Training Model ID" value={m.replicateModelId} />
            <Field label="AIR ID" value={m.runwareAirName} />
            <Field label="Updated" value={formatDateTime(m.updatedAt)} />
          </div>
          {training ? (
            <div className="grid gap-2 rounded-lg border border-border p-3">
              <div className="flex items-center justify-between text-sm">
                <span className="font-medium">Training progress</span>
                <span>{typeof progress === 'number' ? `${Math.round(progress)}%` : 'Initializing...'}</span>
              </div>
              <Progress
                value={Math.max(5, typeof progress === 'number' ? progress : 0)}
                aria-label="Training progress"
              />
              {logLines.length > 0 ? (
                <pre className="max-h-32 overflow-auto rounded bg-muted p-2 text-xs whitespace-pre-wrap">
                  {logLines.join('\n')}
                </pre>
              ) : null}
              <div>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => void onCancel()}
                  disabled={cancel.isPending}
                >
                  {cancel.isPending ? <ButtonSpinner /> : <XCircle aria-hidden="true" />}
                  Cancel training
                </Button>
              </div>
            </div>
          ) : null}
          <div>
            <p className="mb-2 text-sm font-medium">Training images ({m.imageCount ?? images.length})</p>
            {shown.length === 0 ? (
              <p className="text-sm text-muted-foreground">No training images.</p>
            ) : (
              <div className="grid grid-cols-3 gap-2 sm:grid-cols-5">
                {shown.map((img) => (
                  <img
                    key={img.id}
                    src={img.previewImageUrl ?? img.imageUrl}
                    alt="Training image"
                    loading="lazy"
                    className="aspect-square w-full rounded-md object-cover"
                  />
                ))}
                {extra > 0 ? (
                  <div className="flex aspect-square items-center justify-center rounded-md bg-muted text-sm font-medium text-muted-foreground">
                    +{extra} more
                  </div>
                ) : null}
              </div>
            )}
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            {m.status === 'failed' ? (
              <Button variant="outline" onClick={() => void onReset()} disabled={reset.isPending}>
                {reset.isPending ? <ButtonSpinner /> : <RotateCcw aria-hidden="true" />}
                Retry Training
              </Button>
            ) : null}
            {m.status === 'uploaded' ? (
              <Button onClick={() => void onTrain()} disabled={train.isPending}>
                {train.isPending ? <ButtonSpinner /> : <Play aria-hidden="true" />}
                Start Training
              </Button>
            ) : null}
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
