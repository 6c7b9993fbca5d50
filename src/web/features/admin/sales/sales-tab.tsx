import { Badge } from '@web/components/ui/badge';
import { Td, Tr } from '@web/components/ui/table';
import { formatDateTime, formatMoney, formatNumber } from '@web/lib/format';
import { failureOf } from '../shared/admin-list';
import { AdminTable } from '../shared/admin-table';
import { type Sale, useSales } from './api/sales-api';

const STATUS_VARIANT: Record<Sale['status'], 'green' | 'red' | 'amber'> = {
  Completed: 'green',
  Failed: 'red',
  Pending: 'amber',
};

export function SalesTab() {
  const sales = useSales();
  const rows = sales.data?.pages.flatMap((p) => p.sales) ?? [];
  return (
    <AdminTable
      failure={failureOf(sales, 'Failed to load sales')}
      columns={['Order ID', 'User', 'Package', 'Amount', 'Date', 'Status']}
      rows={rows}
      loading={sales.isPending}
      empty="No sales yet."
      pages={sales}
    >
      {(s) => (
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
          <Td>{formatMoney(s.amountInCents, s.currency || 'usd')}</Td>
          <Td className="whitespace-nowrap">{formatDateTime(s.createdAt)}</Td>
          <Td>
            <Badge variant={STATUS_VARIANT[s.status] ?? 'gray'}>{s.status}</Badge>
          </Td>
        </Tr>
      )}
    </AdminTable>
  );
}
