import type { ModelStatus } from '@shared/constants';
import { Badge, type BadgeProps } from '@web/components/ui/badge';

type Variant = NonNullable<BadgeProps['variant']>;

// Spec part 1 §4: list badges and detail badges use different words.
const LIST: Record<ModelStatus, [string, Variant]> = {
  pending: ['Pending', 'gray'],
  uploaded: ['Uploaded', 'blue'],
  training: ['Training', 'amber'],
  training_complete: ['Training', 'amber'],
  processing: ['Training', 'amber'],
  ready: ['Ready', 'green'],
  failed: ['Failed', 'red'],
};

const DETAIL: Record<ModelStatus, [string, Variant]> = {
  pending: ['Pending', 'gray'],
  uploaded: ['Images Uploaded', 'blue'],
  training: ['Training in Progress', 'amber'],
  training_complete: ['Training Complete - Preparing Model', 'amber'],
  processing: ['Finalizing Model - Almost Ready', 'amber'],
  ready: ['Ready to Use', 'green'],
  failed: ['Training Failed', 'red'],
};

export function ModelStatusBadge({ status, detail = false }: { status: string; detail?: boolean }) {
  const [label, variant] = (detail ? DETAIL : LIST)[status as ModelStatus] ?? [status, 'gray'];
  return <Badge variant={variant}>{label}</Badge>;
}

export const IN_TRAINING: readonly string[] = ['training', 'training_complete', 'processing'];
