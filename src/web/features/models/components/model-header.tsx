import { ArrowLeft, Trash2 } from 'lucide-react';
import type { Model } from '@shared/schemas/models';
import { ConfirmDialog } from '@web/components/ui/alert-dialog';
import { Button } from '@web/components/ui/button';
import { formatDate } from '@web/lib/format';
import { ModelStatusBadge } from './model-status';
import { ButtonLink } from '@web/components/ui/button-link';

type Props = { model: Model; canDelete: boolean; onDelete: () => void };

/** The model page's top: back link, name and status, creation date and AIR id, Generate and Delete. */
export function ModelHeader({ model: m, canDelete, onDelete }: Props) {
  return (
    <div>
      <ButtonLink variant="ghost" size="sm" className="mb-2 -ml-2" to="/models" icon={ArrowLeft}>
        Back to Models
      </ButtonLink>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-2">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{m.name}</h1>
            <ModelStatusBadge status={m.status} detail />
          </div>
          <p className="text-sm text-muted-foreground">Created {formatDate(m.createdAt)}</p>
          {m.description ? <p className="text-muted-foreground">{m.description}</p> : null}
          {m.runwareAirName ? (
            <p className="text-sm">
              AIR ID:{' '}
              <code
                className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs break-all"
                data-testid="air-id"
              >
                {m.runwareAirName}
              </code>
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          {m.status === 'ready' ? (
            <ButtonLink to={`/generate?modelId=${encodeURIComponent(m.id)}`}>Generate Images</ButtonLink>
          ) : null}
          {canDelete ? (
            <ConfirmDialog
              trigger={
                <Button variant="outline" className="text-destructive-text">
                  <Trash2 aria-hidden="true" />
                  Delete Model
                </Button>
              }
              title="Delete this model?"
              description={
                <>
                  This action cannot be undone. The model &quot;{m.name}&quot; and its training images will be
                  permanently deleted.
                  {m.status === 'training'
                    ? ' The training in progress will be canceled and its tokens refunded.'
                    : ''}
                </>
              }
              confirmLabel="Delete"
              destructive
              onConfirm={onDelete}
            />
          ) : null}
        </div>
      </div>
    </div>
  );
}
