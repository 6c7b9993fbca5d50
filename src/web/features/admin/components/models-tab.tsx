import { useCallback, useState } from 'react';
import { Eye, Search, Trash2 } from 'lucide-react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@web/components/ui/alert-dialog';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { formatDate } from '@web/lib/format';
import { type AdminModel, useAdminModels, useDeleteModel } from '../api/admin-api';
import { AdminModelStatus } from './admin-model-status';
import { ModelDetailDialog } from './model-detail-dialog';
import { useDebounced } from '../hooks/use-debounced';
import { TabError } from './tab-error';
import { TBody, THead, Table, Td, Th, Tr, SkeletonRows } from '@web/components/ui/table';

export function ModelsTab() {
  const [search, setSearch] = useState('');
  const deferred = useDebounced(search.trim());
  const models = useAdminModels(deferred);
  const del = useDeleteModel();
  const [viewingId, setViewingId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<AdminModel | null>(null);
  const rows = models.data?.pages.flatMap((p) => p.models) ?? [];
  const viewing = rows.find((m) => m.id === viewingId) ?? null;
  const refresh = useCallback(() => void models.refetch(), [models]);

  async function onDelete(m: AdminModel) {
    try {
      await del.mutateAsync(m.id);
      toast({ variant: 'success', title: 'Model deleted', description: `${m.name} has been deleted.` });
    } catch (err) {
      toast({
        variant: 'destructive',
        title: 'Deletion failed',
        description: errorMessage(err, 'Failed to delete the model'),
      });
    }
  }

  return (
    <div className="space-y-4">
      <div className="relative sm:w-80">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          className="pl-9"
          aria-label="Search models"
          placeholder="Search by name, owner or email..."
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      {models.isError ? (
        <TabError title="Error Loading Models" error={models.error} onRetry={refresh} />
      ) : (
        <Table>
          <THead>
            <Tr>
              <Th>Name</Th>
              <Th>Owner</Th>
              <Th>Status</Th>
              <Th>Images</Th>
              <Th>Likeness</Th>
              <Th>Created</Th>
              <Th className="text-right">Actions</Th>
            </Tr>
          </THead>
          <TBody>
            {models.isPending ? (
              <SkeletonRows rows={4} columns={7} />
            ) : (
              rows.map((m) => (
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
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        aria-label={`View ${m.name}`}
                        onClick={() => setViewingId(m.id)}
                      >
                        <Eye aria-hidden="true" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        aria-label={`Delete ${m.name}`}
                        onClick={() => setDeleting(m)}
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </div>
                  </Td>
                </Tr>
              ))
            )}
            {models.isSuccess && rows.length === 0 ? (
              <Tr>
                <Td colSpan={6} className="py-8 text-center text-muted-foreground">
                  No models found.
                </Td>
              </Tr>
            ) : null}
          </TBody>
        </Table>
      )}
      {models.hasNextPage ? (
        <div className="flex justify-center">
          <Button
            variant="outline"
            onClick={() => void models.fetchNextPage()}
            disabled={models.isFetchingNextPage}
          >
            Load more
          </Button>
        </div>
      ) : null}
      <ModelDetailDialog model={viewing} onClose={() => setViewingId(null)} onRefresh={refresh} />
      <AlertDialog open={Boolean(deleting)} onOpenChange={(open) => !open && setDeleting(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete {deleting?.name}?</AlertDialogTitle>
            <AlertDialogDescription>
              This permanently deletes the model, its training images and its files. This cannot be undone.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction destructive onClick={() => deleting && void onDelete(deleting)}>
              Delete
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
