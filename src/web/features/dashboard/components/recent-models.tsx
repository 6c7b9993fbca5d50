import { Boxes, Plus } from 'lucide-react';
import { DASHBOARD_RECENT_MODELS } from '@shared/constants';
import { ModelCard } from '@web/components/model-card';
import { ModelDetailsLink, ModelNextStep } from '@web/components/model-links';
import { ButtonLink } from '@web/components/ui/button-link';
import { EmptyState } from '@web/components/ui/empty-state';
import { Section } from '@web/components/ui/section';
import { SkeletonGroup } from '@web/components/ui/skeleton';
import type { DashboardModel } from '../api/dashboard-api';
import { ModelStatusBadge } from './model-status-badge';
import { PictureCardSkeleton } from './picture-card-skeleton';
import { ErrorAlert } from '@web/components/ui/error-alert';

type RecentModelsProps = {
  models: DashboardModel[] | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
};

export function RecentModels({ models, isLoading, error, onRetry }: RecentModelsProps) {
  const hasModels = Boolean(models && models.length > 0);
  return (
    <Section
      titleId="recent-models-title"
      title="Recent Models"
      className="space-y-3"
      aside={
        <div className="flex items-center gap-2">
          {hasModels ? (
            <ButtonLink size="sm" variant="outline" to="/models/create" icon={Plus}>
              Create New Model
            </ButtonLink>
          ) : null}
          <ButtonLink size="sm" variant="link" to="/models">
            View all
          </ButtonLink>
        </div>
      }
    >
      {isLoading ? (
        <SkeletonGroup className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" label="Loading models">
          {Array.from({ length: DASHBOARD_RECENT_MODELS }, (_, i) => (
            <PictureCardSkeleton
              key={i}
              aspect="aspect-[4/3]"
              titleWidth="w-2/3"
              textWidth="w-1/3"
              spacing="space-y-3"
            />
          ))}
        </SkeletonGroup>
      ) : error ? (
        <ErrorAlert title="Could not load your models" error={error} onRetry={onRetry} />
      ) : hasModels ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {models!.slice(0, DASHBOARD_RECENT_MODELS).map((model) => (
            <ModelCard
              key={model.id}
              model={model}
              heading="h3"
              badge={<ModelStatusBadge status={model.status} />}
              spacing="gap-3"
              actions={
                <div className="mt-auto grid auto-cols-fr grid-flow-col gap-2">
                  <ModelNextStep model={model} size="sm" />
                  <ModelDetailsLink model={model} size="sm" />
                </div>
              }
            />
          ))}
        </div>
      ) : (
        <EmptyState
          icon={<Boxes aria-hidden="true" />}
          title="You haven't created any models yet."
          action={<ButtonLink to="/models/create">Create Your First Model</ButtonLink>}
        />
      )}
    </Section>
  );
}
