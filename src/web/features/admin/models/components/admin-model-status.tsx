import { StatusBadge } from '@web/components/ui/badge';
import { modelStatusLooks } from '@web/components/model-status-looks';

// docs/product/decisions.md §11: the admin screens name every pipeline status.
const LOOKS = modelStatusLooks({
  pending: 'Pending',
  uploaded: 'Uploaded',
  training: 'Training',
  training_complete: 'Training Complete',
  processing: 'Processing',
  ready: 'Ready',
  failed: 'Failed',
});

export function AdminModelStatus({ status }: { status: string }) {
  return <StatusBadge status={status} looks={LOOKS} unknown={{ label: 'Unknown', variant: 'outline' }} />;
}
