import { Palette } from 'lucide-react';
import { EmptyState } from '@web/components/ui/empty-state';
import { Section } from '@web/components/ui/section';
import { SkeletonGroup } from '@web/components/ui/skeleton';
import { usePresetStyles } from '../api/dashboard-api';
import { PictureCardSkeleton } from './picture-card-skeleton';
import { PresetStyleCard } from './preset-style-card';
import { ErrorAlert } from '@web/components/ui/error-alert';

export function PresetStylesSection({ showNsfw }: { showNsfw: boolean }) {
  const styles = usePresetStyles(showNsfw);
  return (
    <Section titleId="preset-styles-title" title="Available Preset Styles" className="space-y-3">
      {styles.isPending ? (
        <SkeletonGroup className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" label="Loading preset styles">
          {Array.from({ length: 4 }, (_, i) => (
            <PictureCardSkeleton
              key={i}
              aspect="aspect-square"
              titleWidth="w-1/2"
              textWidth="w-full"
              spacing="space-y-2"
            />
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
