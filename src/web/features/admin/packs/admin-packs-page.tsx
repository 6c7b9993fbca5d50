import { useMemo, useState } from 'react';
import { Plus } from 'lucide-react';
import type { AdminPack } from '@shared/schemas/packs';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Td, Tr } from '@web/components/ui/table';
import { formatTokens } from '@web/lib/format';
import { usePageTitle } from '@web/lib/use-page-title';
import { failureOf } from '../shared/admin-list';
import { AdminPageHeader } from '../shared/admin-page-header';
import { AdminTable } from '../shared/admin-table';
import { useAdminPacks, useSetPackActive } from './api/admin-packs-api';
import { PackForm } from './components/pack-form';

const COLUMNS = ['Pack', 'Prompts', 'Price', 'Status', 'Actions'];

/** Photo packs (decision 038): the list with its switches, and the form that defines or edits one. */
export function AdminPacksPage() {
  usePageTitle('Photo Packs');
  const packs = useAdminPacks();
  const setActive = useSetPackActive();
  const rows = useMemo(() => packs.data?.pages.flatMap((p) => p.packs) ?? [], [packs.data]);
  // null: no form; 'new': a new pack; otherwise the pack being edited
  const [editing, setEditing] = useState<AdminPack | 'new' | null>(null);

  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title="Photo Packs"
        description="Themed sets of 4 to 40 prompts users buy in one go."
        actions={
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" /> New pack
          </Button>
        }
      />
      {editing ? (
        <Card>
          <CardHeader>
            <CardTitle level={2}>{editing === 'new' ? 'New pack' : `Edit ${editing.name}`}</CardTitle>
          </CardHeader>
          <CardContent>
            <PackForm
              key={editing === 'new' ? 'new' : editing.id}
              pack={editing === 'new' ? null : editing}
              onDone={() => setEditing(null)}
            />
          </CardContent>
        </Card>
      ) : null}
      <AdminTable
        failure={failureOf(packs, 'Failed to load the packs', { retryLabel: 'Try again' })}
        columns={COLUMNS}
        rows={rows}
        loading={packs.isPending}
        empty="No packs yet."
        pages={packs}
        caption="Photo packs"
        scrollLabel="Photo packs"
      >
        {(p) => (
          <Tr key={p.id}>
            <Td>
              <div className="font-medium">{p.name}</div>
              <div className="text-sm text-muted-foreground">{p.description}</div>
            </Td>
            <Td>{p.promptCount}</Td>
            <Td>
              {formatTokens(p.price)}
              {p.priceMode === 'discounted' ? (
                <span className="block text-xs text-muted-foreground">of {formatTokens(p.fullPrice)}</span>
              ) : null}
            </Td>
            <Td>
              {p.isActive ? (
                <Badge variant="green">Active</Badge>
              ) : (
                <Badge variant="secondary">Inactive</Badge>
              )}
            </Td>
            <Td>
              <div className="flex flex-wrap gap-2">
                <Button size="sm" variant="outline" onClick={() => setEditing(p)}>
                  Edit<span className="sr-only"> {p.name}</span>
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={setActive.isPending}
                  onClick={() => setActive.mutate({ id: p.id, isActive: !p.isActive })}
                >
                  {p.isActive ? 'Deactivate' : 'Activate'}
                  <span className="sr-only"> {p.name}</span>
                </Button>
              </div>
            </Td>
          </Tr>
        )}
      </AdminTable>
    </div>
  );
}
