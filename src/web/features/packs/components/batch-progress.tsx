import type { PackBatch } from '@shared/schemas/packs';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Progress } from '@web/components/ui/progress';
import { formatTokens } from '@web/lib/format';
import { isSettled } from '../api/packs-api';
import { ButtonLink } from '@web/components/ui/button-link';

/** A batch on its way (a progress bar, announced politely) and, once settled, the way to its album. */
export function BatchProgress({ batch }: { batch: PackBatch }) {
  const finished = batch.done + batch.failed;
  const settled = isSettled(batch);
  const title = settled
    ? batch.status === 'succeeded'
      ? `Your ${batch.packName} pack is ready`
      : batch.status === 'partial'
        ? `Your ${batch.packName} pack is ready, with ${batch.failed} photo(s) missing`
        : `Your ${batch.packName} pack could not be generated`
    : `Generating your ${batch.packName} pack…`;
  return (
    <Alert variant={batch.status === 'failed' ? 'destructive' : 'default'}>
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription className="grid gap-3">
        <div aria-live="polite">
          {finished} of {batch.total} photos done
          {batch.refunded > 0 ? `; ${formatTokens(batch.refunded)} refunded for the missing ones` : ''}.
        </div>
        <Progress value={(finished / Math.max(1, batch.total)) * 100} aria-label="Pack progress" />
        {settled && batch.done > 0 ? (
          <div>
            <ButtonLink to={`/gallery/albums/${batch.id}`}>See your album</ButtonLink>
          </div>
        ) : null}
      </AlertDescription>
    </Alert>
  );
}
