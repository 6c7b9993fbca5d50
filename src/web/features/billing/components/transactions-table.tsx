import type { TransactionView } from '@shared/schemas/tokens';
import { Badge, type BadgeProps } from '@web/components/ui/badge';
import { cn } from '@web/lib/cn';
import { formatDateTime, formatNumber } from '@web/lib/format';

const TYPE_BADGES: Record<string, { label: string; variant: BadgeProps['variant'] }> = {
  purchase: { label: 'Purchase', variant: 'green' },
  usage: { label: 'Usage', variant: 'blue' },
  refund: { label: 'Refund', variant: 'amber' },
};

export function TypeBadge({ type }: { type: string }) {
  const known = TYPE_BADGES[type];
  return <Badge variant={known?.variant ?? 'gray'}>{known?.label ?? type}</Badge>;
}

export function TransactionsTable({ rows }: { rows: TransactionView[] }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-border">
      <table className="w-full min-w-[560px] text-left text-sm">
        <thead className="bg-muted/50 text-muted-foreground">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">Date</th>
            <th scope="col" className="px-4 py-3 font-medium">Type</th>
            <th scope="col" className="px-4 py-3 font-medium">Description</th>
            <th scope="col" className="px-4 py-3 text-right font-medium">Amount</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((t) => (
            <tr key={t.id} className="border-t border-border">
              <td className="px-4 py-3 whitespace-nowrap">{formatDateTime(t.createdAt, 'N/A')}</td>
              <td className="px-4 py-3">
                <TypeBadge type={t.type} />
              </td>
              <td className="px-4 py-3">{t.description?.trim() ? t.description : 'N/A'}</td>
              <td
                className={cn(
                  'px-4 py-3 text-right font-medium whitespace-nowrap tabular-nums',
                  t.amount > 0 ? 'text-green-700 dark:text-green-400' : 'text-red-700 dark:text-red-400',
                )}
              >
                {t.amount > 0 ? '+' : ''}
                {formatNumber(t.amount)} tokens
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
