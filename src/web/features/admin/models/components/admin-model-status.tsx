import { StatusBadge, type StatusLook } from '@web/components/ui/badge';

// docs/product/decisions.md §11: the admin screens name every pipeline status.
const LOOKS: Record<string, StatusLook> = {
  pending: { label: 'Pending', variant: 'gray' },
  uploaded: { label: 'Uploaded', variant: 'blue' },
  training: { label: 'Training', variant: 'amber' },
  training_complete: { label: 'Training Complete', variant: 'amber' },
  processing: { label: 'Processing', variant: 'amber' },
  ready: { label: 'Ready', variant: 'green' },
  failed: { label: 'Failed', variant: 'red' },
};

export function AdminModelStatus({ status }: { status: string }) {
  return <StatusBadge status={status} looks={LOOKS} unknown={{ label: 'Unknown', variant: 'outline' }} />;
}
