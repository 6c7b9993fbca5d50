import type { ModelStatus } from '@shared/constants';
import { StatusBadge, type StatusLook as Look } from '@web/components/ui/badge';

// Spec part 1 §4 dashboard labels and colours; the in-between pipeline steps read as training.
const LOOKS: Record<ModelStatus, Look> = {
  pending: { label: 'Pending', variant: 'gray' },
  uploaded: { label: 'Images Uploaded', variant: 'blue' },
  training: { label: 'Training in progress', variant: 'amber' },
  training_complete: { label: 'Training in progress', variant: 'amber' },
  processing: { label: 'Training in progress', variant: 'amber' },
  ready: { label: 'Ready to use', variant: 'green' },
  failed: { label: 'Training failed', variant: 'red' },
};

export function dashboardStatusLook(status: string): Look {
  return LOOKS[status as ModelStatus] ?? { label: status || 'Unknown', variant: 'gray' };
}

export function ModelStatusBadge({ status }: { status: string }) {
  return <StatusBadge status={status} looks={LOOKS} unknown={dashboardStatusLook(status)} />;
}
