import { Loader2, TriangleAlert } from 'lucide-react';
import { PHOTO_PROBLEM_HELP, PHOTO_PROBLEM_LABELS, PHOTO_PROBLEMS } from '@shared/photo-checks';
import type { Model } from '@shared/schemas/models';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { useRemoveFlagged } from '../api/models-api';

/** The panel's element id: "Review photos" in the training dialog takes the user here. */
export const PHOTO_CHECKS_ID = 'photo-checks';

/**
 * What the offline photo checks found (decision 020): one plain sentence per problem with how to fix
 * it, and a one-click removal of the flagged photos. Advice only — training stays possible.
 */
export function PhotoChecksPanel({ model, canEdit }: { model: Model; canEdit: boolean }) {
  const remove = useRemoveFlagged(model.id);
  const summary = model.photoChecks;
  if (!summary || model.trainingImages.length === 0) return null;
  if (summary.pending > 0) {
    return (
      <Alert id={PHOTO_CHECKS_ID} tabIndex={-1}>
        <Loader2 aria-hidden="true" className="animate-spin" />
        <AlertTitle>Checking your photos…</AlertTitle>
        <AlertDescription>
          {summary.pending} of {model.trainingImages.length} photos are still being checked for a clear face.
        </AlertDescription>
      </Alert>
    );
  }
  if (summary.flagged === 0) return null;

  const counts = new Map<string, number>();
  for (const img of model.trainingImages) {
    for (const p of img.check?.problems ?? []) counts.set(p, (counts.get(p) ?? 0) + 1);
  }
  const found = PHOTO_PROBLEMS.filter((p) => counts.has(p));
  const onRemove = async () => {
    try {
      const res = await remove.mutateAsync();
      toast({
        title: res.removed === 1 ? '1 photo removed' : `${res.removed} photos removed`,
        description: 'Add a few better photos to replace them.',
      });
    } catch {
      // told by the error policy (src/web/lib/error-policy.ts)
    }
  };
  const editable = canEdit && (model.status === 'pending' || model.status === 'uploaded');

  return (
    <Alert data-testid="photo-checks" id={PHOTO_CHECKS_ID} tabIndex={-1}>
      <TriangleAlert aria-hidden="true" />
      <AlertTitle>
        {summary.flagged === 1
          ? '1 photo may hurt your model'
          : `${summary.flagged} photos may hurt your model`}
      </AlertTitle>
      <AlertDescription>
        <ul className="mt-1 grid gap-1">
          {found.map((p) => (
            <li key={p}>
              <span className="font-medium">
                {PHOTO_PROBLEM_LABELS[p]} ({counts.get(p)}):
              </span>{' '}
              {PHOTO_PROBLEM_HELP[p]}
            </li>
          ))}
        </ul>
        <p className="mt-2 text-muted-foreground">
          These checks run on this server and can be wrong; you can still train with these photos.
        </p>
        {editable ? (
          <Button
            className="mt-3"
            variant="outline"
            size="sm"
            onClick={() => void onRemove()}
            pending={remove.isPending}
          >
            Remove flagged photos ({summary.flagged})
          </Button>
        ) : null}
      </AlertDescription>
    </Alert>
  );
}
