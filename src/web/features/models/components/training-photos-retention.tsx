import { Link } from 'react-router';
import { ImageOff, Trash2 } from 'lucide-react';
import type { Model } from '@shared/schemas/models';
import { formatDate } from '@web/lib/format';
import { useAppConfig } from '@web/lib/app-config';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { ConfirmDialog } from '@web/components/ui/alert-dialog';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { useDeleteTrainingPhotos } from '../api/models-api';

/**
 * The training photos' retention on the model page (decision 025): when they go by the schedule, a
 * "delete them now" for a ready model, and what deleted photos mean for the model.
 */
export function TrainingPhotosRetention({ model, isOwner }: { model: Model; isOwner: boolean }) {
  const remove = useDeleteTrainingPhotos(model.id);
  const days = useAppConfig().data?.privacy?.photoRetentionDays;

  if (model.photosDeletedAt) {
    return (
      <Alert>
        <ImageOff aria-hidden="true" />
        <AlertTitle>Training photos deleted</AlertTitle>
        <AlertDescription>
          The training photos were deleted on {formatDate(model.photosDeletedAt)}.{' '}
          {model.status === 'ready'
            ? 'Your model keeps generating images. To train a new model, upload new photos.'
            : 'To train this model, please upload new photos.'}
          {isOwner && model.status !== 'ready' ? (
            <>
              {' '}
              <Link to={`/models/${model.id}/upload`} className="underline underline-offset-4">
                Upload new photos
              </Link>
            </>
          ) : null}
        </AlertDescription>
      </Alert>
    );
  }
  if (!isOwner || model.status !== 'ready' || model.trainingImages.length === 0) return null;

  const onDelete = async () => {
    try {
      const res = await remove.mutateAsync();
      toast({
        title: 'Training photos deleted',
        description: `${res.deleted} ${res.deleted === 1 ? 'photo' : 'photos'} deleted. Your model keeps generating.`,
      });
    } catch {
      // told by the error policy (src/web/lib/error-policy.ts)
    }
  };

  return (
    <div className="flex flex-col gap-3 rounded-lg border border-border p-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-muted-foreground">
        {days
          ? `Your training photos are deleted automatically ${days} days after the model became ready. `
          : ''}
        Your model does not need them to generate images.
      </p>
      <ConfirmDialog
        trigger={
          <Button variant="outline" className="shrink-0 text-destructive-text" disabled={remove.isPending}>
            <Trash2 aria-hidden="true" />
            Delete my training photos now
          </Button>
        }
        title="Delete the training photos?"
        description={
          <>
            All {model.trainingImages.length} training photos of &quot;{model.name}&quot; and their face data
            will be permanently deleted. The model stays and keeps generating images; training it again would
            need new photos.
          </>
        }
        confirmLabel="Delete photos"
        destructive
        onConfirm={() => void onDelete()}
      />
    </div>
  );
}
