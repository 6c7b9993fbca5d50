import { usePageTitle } from '@web/lib/use-page-title';
import { PageHeader } from '@web/components/ui/page-header';
import { useUser } from '@web/lib/session';
import { useModels } from './api/dashboard-api';
import { PresetStylesSection } from './components/preset-styles-section';
import { QuickActions } from './components/quick-actions';
import { RecentModels } from './components/recent-models';
import { WelcomeBanner } from './components/welcome-banner';

export function DashboardPage() {
  usePageTitle('Dashboard');
  const { user } = useUser();
  const models = useModels();
  if (!user) return null;

  const noModels = models.isSuccess && models.data.length === 0;
  return (
    <div className="space-y-8">
      <PageHeader title="Dashboard" description={`Welcome back, ${user.username}.`} />
      {noModels ? <WelcomeBanner username={user.username} /> : null}
      <QuickActions />
      <RecentModels
        models={models.data}
        isLoading={models.isPending}
        error={models.error}
        onRetry={() => void models.refetch()}
      />
      <PresetStylesSection showNsfw={Boolean(user.enableNSFW ?? user.enableNsfw)} />
    </div>
  );
}
