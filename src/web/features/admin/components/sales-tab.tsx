import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { formatDateTime, formatNumber } from '@web/lib/format';
import { type Sale, useSales } from '../api/admin-api';
import { TabError } from './tab-error';
import { TBody, THead, Table, Td, Th, Tr, SkeletonRows } from '@web/components/ui/table';

const STATUS_VARIANT: Record<Sale['status'], 'green' | 'red' | 'amber'> = {
  Completed: 'green',
  Failed: 'red',
  Pending: 'amber',
};

function money(cents: number, currency: string) {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
      cents / 100,
    );
  } catch {
    return `$${(cents / 100).toFixed(2)}`;
  }
}

export function SalesTab() {
  const sales = useSales();
  const rows = sales.data?.pages.flatMap((p) => p.sales) ?? [];
  if (sales.isError)
    return <TabError title="Failed to load sales" error={sales.error} onRetry={() => void sales.refetch()} />;
  return (
    <div className="space-y-4">
      <Table>
        <THead>
          <Tr>
            <Th>Order ID</Th>
            <Th>User</Th>
            <Th>Package</Th>
            <Th>Amount</Th>
            <Th>Date</Th>
            <Th>Status</Th>
          </Tr>
        </THead>
        <TBody>
          {sales.isPending ? (
            <SkeletonRows rows={4} columns={6} />
          ) : (
            rows.map((s) => (
              <Tr key={s.id}>
                <Td className="max-w-40 truncate font-mono text-xs" title={s.orderId}>
                  {s.orderId}
                </Td>
                <Td>
                  <div>{s.user?.username ?? 'Unknown'}</div>
                  <div className="text-xs text-muted-foreground">{s.user?.email ?? 'No email'}</div>
                </Td>
                <Td>
                  <div>{s.packageName}</div>
                  <div className="text-xs text-muted-foreground">{formatNumber(s.tokenAmount)} tokens</div>
                </Td>
                <Td>{money(s.amountInCents, s.currency || 'usd')}</Td>
                <Td className="whitespace-nowrap">{formatDateTime(s.createdAt)}</Td>
                <Td>
                  <Badge variant={STATUS_VARIANT[s.status] ?? 'gray'}>{s.status}</Badge>
                </Td>
              </Tr>
            ))
          )}
          {sales.isSuccess && rows.length === 0 ? (
            <Tr>
              <Td colSpan={6} className="py-8 text-center text-muted-foreground">
                No sales yet.
              </Td>
            </Tr>
          ) : null}
        </TBody>
      </Table>
      {sales.hasNextPage ? (
        <div className="flex justify-center">
          <Button
            variant="outline"
            onClick={() => void sales.fetchNextPage()}
            disabled={sales.isFetchingNextPage}
          >
            Load more
          </Button>
        </div>
      ) : null}
    </div>
  );
}
