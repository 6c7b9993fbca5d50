import type { ModelStatus } from '@shared/constants';
import type { StatusLook } from '@web/components/ui/badge';

// Spec part 1 §4: a status has one colour on every screen; only its words differ from screen to screen.
const VARIANTS: Record<ModelStatus, StatusLook['variant']> = {
  pending: 'gray',
  uploaded: 'blue',
  training: 'amber',
  training_complete: 'amber',
  processing: 'amber',
  ready: 'green',
  failed: 'red',
};

/** A screen's words for the model statuses, each paired with its status's colour. */
export function modelStatusLooks(labels: Record<ModelStatus, string>): Record<ModelStatus, StatusLook> {
  const looks = {} as Record<ModelStatus, StatusLook>;
  for (const status of Object.keys(VARIANTS) as ModelStatus[]) {
    looks[status] = { label: labels[status], variant: VARIANTS[status] };
  }
  return looks;
}
