import { lazy, Suspense, useState } from 'react';
import { STATS_PERIODS, type StatsPeriod } from '@shared/constants';
import { Button } from '@web/components/ui/button';
import { Skeleton, SkeletonGroup } from '@web/components/ui/skeleton';
import { useDailyStats } from '../api/dashboard-api';

// recharts (decision 040) is a chunk of its own, fetched when the dashboard shows its charts
const DailyCharts = lazy(() => import('./daily-charts').then((m) => ({ default: m.DailyCharts })));

function ChartsSkeleton() {
  return (
    <SkeletonGroup className="grid gap-3 sm:gap-4 lg:grid-cols-2" label="Loading charts">
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} className="h-72 w-full" />
      ))}
    </SkeletonGroup>
  );
}

/** The dashboard's trends: a period switch and one chart per figure, per UTC day. */
export function AdminCharts() {
  const [days, setDays] = useState<StatsPeriod>(30);
  const stats = useDailyStats(days);
  return (
    <section aria-labelledby="admin-charts-title" className="space-y-3" data-testid="admin-charts">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="admin-charts-title" className="text-lg font-semibold">
          Trends
        </h2>
        <div
          role="group"
          aria-label="Period"
          className="inline-flex gap-1 rounded-md border border-border p-1"
        >
          {STATS_PERIODS.map((p) => (
            <Button
              key={p}
              size="sm"
              variant={p === days ? 'default' : 'ghost'}
              aria-pressed={p === days}
              onClick={() => setDays(p)}
            >
              {p} days
            </Button>
          ))}
        </div>
      </div>
      {stats.isError ? (
        <p className="text-sm text-destructive-text" role="alert">
          Could not load the charts.
        </p>
      ) : stats.data ? (
        <Suspense fallback={<ChartsSkeleton />}>
          <div aria-busy={stats.isPlaceholderData}>
            <DailyCharts days={stats.data.days} />
          </div>
        </Suspense>
      ) : (
        <ChartsSkeleton />
      )}
    </section>
  );
}
