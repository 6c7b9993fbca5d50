import { Badge, type BadgeProps } from '@web/components/ui/badge';

// docs/product/decisions.md §11: the admin screens name every pipeline status.
const LOOKS: Record<string, { label: string; variant: NonNullable<BadgeProps['variant']> }> = {
  pending: { label: 'Pending', variant: 'gray' },
  uploaded: { label: 'Uploaded', variant: 'blue' },
  training: { label: 'Training', variant: 'amber' },
  training_complete: { label: 'Training Complete', variant: 'amber' },
  processing: { label: 'Processing', variant: 'amber' },
  ready: { label: 'Ready', variant: 'green' },
  failed: { label: 'Failed', variant: 'red' },
};

export function AdminModelStatus({ status }: { status: string }) {
  const look = LOOKS[status] ?? { label: 'Unknown', variant: 'outline' as const };
  return <Badge variant={look.variant}>{look.label}</Badge>;
}
