import type { ModelStatus } from '@shared/constants';
import { StatusBadge, type StatusLook as Look } from '@web/components/ui/badge';
import { modelStatusLooks } from '@web/components/model-status-looks';

// Spec part 1 §4 dashboard labels; the in-between pipeline steps read as training.
const LOOKS = modelStatusLooks({
  pending: 'Pending',
  uploaded: 'Images Uploaded',
  training: 'Training in progress',
  training_complete: 'Training in progress',
  processing: 'Training in progress',
  ready: 'Ready to use',
  failed: 'Training failed',
});

export function dashboardStatusLook(status: string): Look {
  return LOOKS[status as ModelStatus] ?? { label: status || 'Unknown', variant: 'gray' };
}

export function ModelStatusBadge({ status }: { status: string }) {
  return <StatusBadge status={status} looks={LOOKS} unknown={dashboardStatusLook(status)} />;
}
