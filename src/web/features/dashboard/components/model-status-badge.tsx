import type { ModelStatus } from '@shared/constants';
import { Badge, type BadgeProps } from '@web/components/ui/badge';

type Look = { label: string; variant: NonNullable<BadgeProps['variant']> };

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
  const look = dashboardStatusLook(status);
  return <Badge variant={look.variant}>{look.label}</Badge>;
}
