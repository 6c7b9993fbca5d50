import { useState } from 'react';
import { Pencil, Plus } from 'lucide-react';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { formatMoney, formatNumber } from '@web/lib/format';
import { Td, Tr } from '@web/components/ui/table';
import { failureOf } from '../shared/admin-list';
import { ACTIONS_COLUMN, AdminTable, IdCell } from '../shared/admin-table';
import { type TokenPackage, useAdminPackages } from './api/packages-api';
import { PackageDialog } from './components/package-dialog';
import { UpscalePrices } from './components/upscale-prices';

export function TokensTab() {
  const packages = useAdminPackages();
  const [editing, setEditing] = useState<TokenPackage | null>(null);
  const [open, setOpen] = useState(false);

  const openDialog = (pkg: TokenPackage | null) => {
    setEditing(pkg);
    setOpen(true);
  };

  return (
    <div className="space-y-4">
      <AdminTable
        filters={
          <div className="flex justify-end">
            <Button onClick={() => openDialog(null)}>
              <Plus aria-hidden="true" />
              Create Package
            </Button>
          </div>
        }
        failure={failureOf(packages, 'Failed to load token packages')}
        columns={['ID', 'Name', 'Tokens', 'Price', 'Discounted', ACTIONS_COLUMN]}
        // a deleted package is kept (past payments point at it) but marked and listed last
        rows={[...(packages.data ?? [])].sort((a, b) => Number(b.isActive) - Number(a.isActive))}
        loading={packages.isPending}
        skeletonRows={3}
        empty="No token packages yet."
      >
        {(p) => (
          <Tr key={p.id} className={p.isActive ? undefined : 'text-muted-foreground'}>
            <IdCell id={p.id} />
            <Td className="font-medium">
              {p.name}
              {p.isActive ? null : (
                <Badge variant="gray" className="ml-2">
                  Inactive
                </Badge>
              )}
            </Td>
            <Td>{formatNumber(p.tokenAmount)}</Td>
            <Td>{formatMoney(p.priceInCents)}</Td>
            <Td>{p.isDiscounted ? <Badge variant="green">Yes</Badge> : 'No'}</Td>
            <Td className="text-right">
              <Button variant="ghost" size="sm" onClick={() => openDialog(p)} aria-label={`Edit ${p.name}`}>
                <Pencil aria-hidden="true" />
                Edit
              </Button>
            </Td>
          </Tr>
        )}
      </AdminTable>
      <PackageDialog pkg={editing} open={open} onOpenChange={setOpen} />
      <UpscalePrices />
    </div>
  );
}
