import { useState } from 'react';
import { Pencil, Plus } from 'lucide-react';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { formatMoney, formatNumber } from '@web/lib/format';
import { type TokenPackage, useAdminPackages } from '../api/admin-api';
import { PackageDialog } from './package-dialog';
import { TabError } from './tab-error';
import { TBody, THead, Table, Td, Th, Tr, SkeletonRows } from '@web/components/ui/table';

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
      <div className="flex justify-end">
        <Button onClick={() => openDialog(null)}>
          <Plus aria-hidden="true" />
          Create Package
        </Button>
      </div>
      {packages.isError ? (
        <TabError
          title="Failed to load token packages"
          error={packages.error}
          onRetry={() => void packages.refetch()}
        />
      ) : (
        <Table>
          <THead>
            <Tr>
              <Th>ID</Th>
              <Th>Name</Th>
              <Th>Tokens</Th>
              <Th>Price</Th>
              <Th>Discounted</Th>
              <Th className="text-right">Actions</Th>
            </Tr>
          </THead>
          <TBody>
            {packages.isPending ? (
              <SkeletonRows rows={3} columns={6} />
            ) : (
              // a deleted package is kept (past payments point at it) but marked and listed last
              [...packages.data]
                .sort((a, b) => Number(b.isActive) - Number(a.isActive))
                .map((p) => (
                  <Tr key={p.id} className={p.isActive ? undefined : 'text-muted-foreground'}>
                    <Td className="font-mono text-xs text-muted-foreground" title={p.id}>
                      {p.id.slice(0, 8)}
                    </Td>
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
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => openDialog(p)}
                        aria-label={`Edit ${p.name}`}
                      >
                        <Pencil aria-hidden="true" />
                        Edit
                      </Button>
                    </Td>
                  </Tr>
                ))
            )}
            {packages.isSuccess && packages.data.length === 0 ? (
              <Tr>
                <Td colSpan={6} className="py-8 text-center text-muted-foreground">
                  No token packages yet.
                </Td>
              </Tr>
            ) : null}
          </TBody>
        </Table>
      )}
      <PackageDialog pkg={editing} open={open} onOpenChange={setOpen} />
    </div>
  );
}
