import { useCallback, useState } from 'react';
import { Eye, Trash2 } from 'lucide-react';
import { useDebouncedSearch } from '@web/lib/use-debounced';
import { ConfirmDialog } from '@web/components/ui/alert-dialog';
import { toast } from '@web/components/ui/use-toast';
import { formatDate } from '@web/lib/format';
import { Td, Tr } from '@web/components/ui/table';
import { AdminSearch, failureOf } from '../shared/admin-list';
import { ACTIONS_COLUMN, AdminTable, RowIconButton } from '../shared/admin-table';
import { afterChange } from '../shared/admin-queries';
import { type AdminModel, useAdminModels, useDeleteModel } from './api/models-api';
import { AdminModelStatus } from './components/admin-model-status';
import { ModelDetailDialog } from './components/model-detail-dialog';

const COLUMNS = ['Name', 'Owner', 'Status', 'Images', 'Likeness', 'Created', ACTIONS_COLUMN];

export function ModelsTab() {
  const search = useDebouncedSearch();
  const models = useAdminModels(search.query);
  const del = useDeleteModel();
  const [viewingId, setViewingId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<AdminModel | null>(null);
  const rows = models.data?.pages.flatMap((p) => p.items) ?? [];
  const viewing = rows.find((m) => m.id === viewingId) ?? null;
  const refresh = useCallback(() => void models.refetch(), [models]);

  const onDelete = (m: AdminModel) =>
    afterChange(del.mutateAsync(m.id), () =>
      toast({ variant: 'success', title: 'Model deleted', description: `${m.name} has been deleted.` }),
    );

  return (
    <>
      <AdminTable
        filters={
          <AdminSearch
            search={search}
            label="Search models"
            placeholder="Search by name, owner or email..."
          />
        }
        failure={failureOf(models, 'Error Loading Models')}
        columns={COLUMNS}
        rows={rows}
        loading={models.isPending}
        empty="No models found."
        pages={models}
      >
        {(m) => (
          <Tr key={m.id}>
            <Td className="font-medium">{m.name}</Td>
            <Td>
              <div>{m.userUsername ?? 'Unknown'}</div>
              <div className="text-xs text-muted-foreground">{m.userEmail ?? 'No email'}</div>
            </Td>
            <Td>
              <AdminModelStatus status={m.status} />
            </Td>
            <Td>{m.imageCount}</Td>
            <Td title="Average likeness of this model's scored images">
              {m.likeness ? `${m.likeness.average} (${m.likeness.scored} scored)` : null}
            </Td>
            <Td className="whitespace-nowrap">{formatDate(m.createdAt)}</Td>
            <Td>
              <div className="flex justify-end gap-1">
                <RowIconButton label={`View ${m.name}`} icon={Eye} onClick={() => setViewingId(m.id)} />
                <RowIconButton label={`Delete ${m.name}`} icon={Trash2} onClick={() => setDeleting(m)} />
              </div>
            </Td>
          </Tr>
        )}
      </AdminTable>
      <ModelDetailDialog model={viewing} onClose={() => setViewingId(null)} onRefresh={refresh} />
      <ConfirmDialog
        open={Boolean(deleting)}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting?.name}?`}
        description="This permanently deletes the model, its training images and its files. This cannot be undone."
        confirmLabel="Delete"
        destructive
        onConfirm={() => deleting && void onDelete(deleting)}
      />
    </>
  );
}
