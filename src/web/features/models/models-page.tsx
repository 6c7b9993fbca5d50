import { useMemo, useState } from 'react';
import { Boxes, Plus } from 'lucide-react';
import type { Model } from '@shared/schemas/models';
import { usePageTitle } from '@web/lib/use-page-title';
import { errorMessage } from '@web/lib/api';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { ModelCard } from '@web/components/model-card';
import { ModelDetailsLink, ModelNextStep } from '@web/components/model-links';
import { Button } from '@web/components/ui/button';
import { ButtonLink } from '@web/components/ui/button-link';
import { EmptyState } from '@web/components/ui/empty-state';
import { PageHeader } from '@web/components/ui/page-header';
import { SearchField } from '@web/components/ui/search-field';
import { MODELS_HEADER } from './page-headers';
import { Skeleton, SkeletonGroup } from '@web/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { useModelList } from './api/models-api';
import { IN_TRAINING, ModelStatusBadge } from './components/model-status';

function Grid({ models, empty }: { models: Model[]; empty: React.ReactNode }) {
  if (models.length === 0) return <>{empty}</>;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {models.map((m) => (
        <ModelCard
          key={m.id}
          data-testid="model-card"
          model={m}
          // the cards sit straight under the page's h1 (no section heading between)
          heading="h2"
          badge={<ModelStatusBadge status={m.status} />}
          spacing="gap-2"
          description={
            m.description ? (
              <p className="line-clamp-2 text-sm text-muted-foreground">{m.description}</p>
            ) : null
          }
          actions={
            <div className="mt-auto flex flex-wrap gap-2 pt-2">
              <ModelDetailsLink model={m} size="sm" />
              <ModelNextStep model={m} size="sm" />
            </div>
          }
        />
      ))}
    </div>
  );
}

function ModelList({ list, search }: { list: ReturnType<typeof useModelList>; search: string }) {
  const filtered = useMemo(() => {
    const q = search.trim().toLowerCase();
    const all = list.data ?? [];
    return q
      ? all.filter((m) => m.name.toLowerCase().includes(q) || (m.description ?? '').toLowerCase().includes(q))
      : all;
  }, [list.data, search]);
  const ready = filtered.filter((m) => m.status === 'ready');
  const training = filtered.filter((m) => IN_TRAINING.includes(m.status));

  if (list.isPending)
    return (
      <SkeletonGroup className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" label="Loading models">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-72 w-full" />
        ))}
      </SkeletonGroup>
    );
  if (list.isError)
    return (
      <Alert variant="destructive">
        <AlertTitle>Could not load your models</AlertTitle>
        <AlertDescription>
          {errorMessage(list.error, 'Please try again.')}{' '}
          <Button variant="link" className="h-auto p-0" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </AlertDescription>
      </Alert>
    );
  return (
    <Tabs defaultValue="all">
      <TabsList>
        <TabsTrigger value="all">All Models ({filtered.length})</TabsTrigger>
        <TabsTrigger value="ready">Ready ({ready.length})</TabsTrigger>
        <TabsTrigger value="training">Training ({training.length})</TabsTrigger>
      </TabsList>
      <TabsContent value="all" className="mt-4">
        <Grid
          models={filtered}
          empty={
            <EmptyState
              icon={<Boxes aria-hidden="true" />}
              title="No models found"
              description={
                search.trim()
                  ? `No models match "${search.trim()}". Try a different search.`
                  : 'Create your first model to get started.'
              }
              action={
                search.trim() ? undefined : (
                  <ButtonLink to="/models/create">Create Your First Model</ButtonLink>
                )
              }
            />
          }
        />
      </TabsContent>
      <TabsContent value="ready" className="mt-4">
        <Grid models={ready} empty={<EmptyState title="No ready models found." />} />
      </TabsContent>
      <TabsContent value="training" className="mt-4">
        <Grid models={training} empty={<EmptyState title="No models in training." />} />
      </TabsContent>
    </Tabs>
  );
}

export function ModelsPage() {
  usePageTitle(MODELS_HEADER.title);
  const list = useModelList();
  const [search, setSearch] = useState('');

  return (
    <div>
      <PageHeader
        {...MODELS_HEADER}
        actions={
          <ButtonLink to="/models/create" icon={Plus}>
            New Model
          </ButtonLink>
        }
      />
      <SearchField
        type="search"
        label="Search models"
        placeholder="Search models..."
        className="mb-4 max-w-md"
        value={search}
        onValueChange={setSearch}
      />
      <ModelList list={list} search={search} />
    </div>
  );
}
