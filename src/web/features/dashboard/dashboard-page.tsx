import { usePageTitle } from '@web/lib/use-page-title';
import { PageHeader } from '@web/components/ui/page-header';
import { Skeleton, SkeletonGroup } from '@web/components/ui/skeleton';
import { useUser } from '@web/lib/session';
import { useModels, usePresetStyles } from './api/dashboard-api';
import { PresetStylesSection } from './components/preset-styles-section';
import { QuickActions } from './components/quick-actions';
import { RecentModels } from './components/recent-models';
import { WelcomeBanner } from './components/welcome-banner';

/**
 * Stands in for the sections until the models are known: whether the welcome banner shows depends on
 * them, and a banner arriving above the quick actions would push everything down (layout shift).
 * The sections then replace this block in one go.
 */
function DashboardSkeleton() {
  return (
    <SkeletonGroup className="space-y-8" label="Loading your dashboard">
      <div className="space-y-3">
        <Skeleton className="h-7 w-36" />
        <div className="grid gap-3 sm:grid-cols-3">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-[74px] rounded-xl" />
          ))}
        </div>
      </div>
      <div className="space-y-3">
        <Skeleton className="h-7 w-40" />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="aspect-[4/3] w-full rounded-xl" />
          ))}
        </div>
      </div>
    </SkeletonGroup>
  );
}

export function DashboardPage() {
  usePageTitle('Dashboard');
  const { user } = useUser();
  const models = useModels();
  const showNsfw = Boolean(user?.enableNSFW);
  // asked for now, beside the models, although its section renders once they are in
  usePresetStyles(showNsfw);
  if (!user) return null;

  const noModels = models.isSuccess && models.data.length === 0;
  // "back" only for someone who has been here before: a new account has no models yet, and until
  // they are known the plain greeting is true for everyone (issue 45 C4)
  const returning = models.isSuccess && models.data.length > 0;
  return (
    <div className="space-y-8">
      <PageHeader
        title="Dashboard"
        description={`${returning ? 'Welcome back' : 'Welcome'}, ${user.username}.`}
      />
      {models.isPending ? (
        <DashboardSkeleton />
      ) : (
        <>
          {noModels ? <WelcomeBanner username={user.username} /> : null}
          <QuickActions />
          <RecentModels
            models={models.data}
            isLoading={false}
            error={models.error}
            onRetry={() => void models.refetch()}
          />
          <PresetStylesSection showNsfw={showNsfw} />
        </>
      )}
    </div>
  );
}
