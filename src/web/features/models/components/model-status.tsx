import { StatusBadge } from '@web/components/ui/badge';
import { modelStatusLooks } from '@web/components/model-status-looks';

// Spec part 1 §4: list badges and detail badges use different words.
const LIST = modelStatusLooks({
  pending: 'Pending',
  uploaded: 'Uploaded',
  training: 'Training',
  training_complete: 'Training',
  processing: 'Training',
  ready: 'Ready',
  failed: 'Failed',
});

const DETAIL = modelStatusLooks({
  pending: 'Pending',
  uploaded: 'Images Uploaded',
  training: 'Training in Progress',
  training_complete: 'Training Complete - Preparing Model',
  processing: 'Finalizing Model - Almost Ready',
  ready: 'Ready to Use',
  failed: 'Training Failed',
});

export function ModelStatusBadge({ status, detail = false }: { status: string; detail?: boolean }) {
  return (
    <StatusBadge
      status={status}
      looks={detail ? DETAIL : LIST}
      unknown={{ label: status, variant: 'gray' }}
    />
  );
}

export const IN_TRAINING: readonly string[] = ['training', 'training_complete', 'processing'];
