import { CheckCircle2, Loader2, TriangleAlert } from 'lucide-react';
import { PHOTO_PROBLEM_HELP, PHOTO_PROBLEM_LABELS } from '@shared/photo-checks';
import type { PhotoCheck } from '@shared/schemas/models';
import { Badge } from '@web/components/ui/badge';

/** The verdict on a training photo's thumbnail; the full sentence is in its title and for screen readers. */
export function PhotoCheckBadge({ check }: { check: PhotoCheck | null | undefined }) {
  if (!check || check.status === 'failed') return null;
  if (check.status === 'pending') {
    return (
      <Badge variant="gray" data-testid="photo-check">
        <Loader2 aria-hidden="true" className="animate-spin" />
        Checking
      </Badge>
    );
  }
  if (!check.verdict) {
    return (
      <Badge variant="green" data-testid="photo-check" title="This photo passed the checks">
        <CheckCircle2 aria-hidden="true" />
        <span className="sr-only">Passed the checks</span>
      </Badge>
    );
  }
  const help = check.problems.map((p) => PHOTO_PROBLEM_HELP[p]).join(' ');
  return (
    <Badge variant="amber" data-testid="photo-check" title={help}>
      <TriangleAlert aria-hidden="true" />
      {PHOTO_PROBLEM_LABELS[check.verdict]}
      <span className="sr-only">: {help}</span>
    </Badge>
  );
}
