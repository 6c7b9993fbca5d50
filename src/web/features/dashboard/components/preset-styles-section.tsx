import { Palette } from 'lucide-react';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { Section } from '@web/components/ui/section';
import { Skeleton, SkeletonGroup } from '@web/components/ui/skeleton';
import { usePresetStyles } from '../api/dashboard-api';
import { PresetStyleCard } from './preset-style-card';
import { ErrorAlert } from '@web/components/ui/error-alert';

export function PresetStylesSection({ showNsfw }: { showNsfw: boolean }) {
  const styles = usePresetStyles(showNsfw);
  return (
    <Section titleId="preset-styles-title" title="Available Preset Styles" className="space-y-3">
      {styles.isPending ? (
        <SkeletonGroup className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" label="Loading preset styles">
          {Array.from({ length: 4 }, (_, i) => (
            <Card key={i} className="overflow-hidden">
              <Skeleton className="aspect-square w-full rounded-none" />
              <div className="space-y-2 p-4">
                <Skeleton className="h-5 w-1/2" />
                <Skeleton className="h-4 w-full" />
                <Skeleton className="h-9 w-full" />
              </div>
            </Card>
          ))}
        </SkeletonGroup>
      ) : styles.error ? (
        <ErrorAlert
          title="Could not load preset styles"
          error={styles.error}
          onRetry={() => void styles.refetch()}
        />
      ) : styles.data.length === 0 ? (
        <EmptyState icon={<Palette aria-hidden="true" />} title="No preset styles are available yet." />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {styles.data.map((style) => (
            <PresetStyleCard key={style.id} style={style} />
          ))}
        </div>
      )}
    </Section>
  );
}
