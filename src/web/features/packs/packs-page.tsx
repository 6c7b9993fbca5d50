import { useSearchParams } from 'react-router';
import { PageHeader } from '@web/components/ui/page-header';
import { PACKS_HEADER } from './page-headers';
import { ErrorAlert } from '@web/components/ui/error-alert';
import { Skeleton, SkeletonGroup } from '@web/components/ui/skeleton';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { errorMessage } from '@web/lib/api';
import { useUser } from '@web/lib/session';
import { usePageTitle } from '@web/lib/use-page-title';
import { useBatch, useBuyPack, useOwnModels, usePacks } from './api/packs-api';
import { BatchProgress } from './components/batch-progress';
import { PackPicker } from './components/pack-picker';

export function PacksPage() {
  usePageTitle(PACKS_HEADER.title);
  const user = useUser();
  const packs = usePacks();
  const models = useOwnModels();
  const buy = useBuyPack();
  // The batch being watched is in the URL, so its panel, and the way to its album once it is done,
  // outlives a re-render of the page, a reload or a link from its notification (issue 45 N5).
  const [searchParams, setSearchParams] = useSearchParams();
  const batchId = searchParams.get('batch');
  const setBatchId = (id: string) => setSearchParams({ batch: id }, { replace: true });
  const batch = useBatch(batchId);

  return (
    <div className="grid gap-6">
      <PageHeader {...PACKS_HEADER} />
      {batch.data ? <BatchProgress batch={batch.data.batch} /> : null}
      {buy.isError ? (
        <Alert variant="destructive">
          <AlertDescription>
            {errorMessage(buy.error, 'The pack could not be started. Please try again.')}
          </AlertDescription>
        </Alert>
      ) : null}
      {packs.isError ? (
        <ErrorAlert
          title="Failed to load the packs"
          error={packs.error}
          onRetry={() => void packs.refetch()}
        />
      ) : models.isError ? (
        <ErrorAlert
          title="Failed to load your models"
          error={models.error}
          onRetry={() => void models.refetch()}
        />
      ) : packs.isPending || models.isPending ? (
        <SkeletonGroup className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" label="Loading packs">
          <Skeleton className="h-72" />
          <Skeleton className="h-72" />
          <Skeleton className="h-72" />
        </SkeletonGroup>
      ) : (
        <PackPicker
          packs={packs.data.packs}
          models={models.data}
          balance={user.user?.tokenBalance ?? 0}
          busy={buy.isPending}
          onBuy={(packId, modelId) =>
            buy.mutate({ packId, modelId }, { onSuccess: (out) => setBatchId(out.batch.id) })
          }
        />
      )}
    </div>
  );
}
