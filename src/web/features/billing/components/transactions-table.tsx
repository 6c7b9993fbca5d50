import type { TransactionType } from '@shared/constants';
import type { TransactionView } from '@shared/schemas/tokens';
import { Badge, type BadgeProps } from '@web/components/ui/badge';
import { cn } from '@web/lib/cn';
import { formatDateTime, formatNumber } from '@web/lib/format';

// every ledger type (TRANSACTION_TYPES) has a human label; the record type makes a new type a compile error here
const TYPE_BADGES: Record<TransactionType, { label: string; variant: BadgeProps['variant'] }> = {
  purchase: { label: 'Purchase', variant: 'green' },
  usage: { label: 'Usage', variant: 'blue' },
  refund: { label: 'Refund', variant: 'amber' },
  bonus: { label: 'Bonus', variant: 'green' },
  admin_adjustment: { label: 'Admin adjustment', variant: 'gray' },
};

export function TypeBadge({ type }: { type: string }) {
  const known = TYPE_BADGES[type as TransactionType] as (typeof TYPE_BADGES)[TransactionType] | undefined;
  // an unknown type still reads as words, not as a raw snake_case key
  const fallback = type.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
  // it may wrap rather than run past its cell should a font set it wider than the column
  return (
    <Badge variant={known?.variant ?? 'gray'} className="whitespace-normal">
      {known?.label ?? fallback}
    </Badge>
  );
}

// One structure for every width: a table from `sm` up, a two-line card per row on phones (360 px).
// Each row is a grid of its own, so the columns are fixed widths; the type's is as wide as its longest
// badge, "Admin adjustment", which overflowed a 7rem column into the description (issue 45 C6).
const GRID = 'sm:grid sm:grid-cols-[10rem_9rem_1fr_8rem] sm:items-center sm:gap-4';

export function TransactionsTable({ rows }: { rows: TransactionView[] }) {
  return (
    <div
      role="table"
      aria-label="Transactions"
      className="overflow-hidden rounded-lg border border-border text-sm"
    >
      <div role="rowgroup" className="hidden bg-muted/50 text-muted-foreground sm:block">
        <div role="row" className={cn(GRID, 'px-4 py-3 font-medium')}>
          <span role="columnheader">Date</span>
          <span role="columnheader">Type</span>
          <span role="columnheader">Description</span>
          <span role="columnheader" className="text-right">
            Amount
          </span>
        </div>
      </div>
      <div role="rowgroup">
        {rows.map((t) => (
          <div
            key={t.id}
            role="row"
            className={cn(
              GRID,
              'grid grid-cols-[1fr_auto] gap-x-3 gap-y-1.5 border-t border-border px-4 py-3 first:border-t-0 sm:first:border-t',
            )}
          >
            <span role="cell" className="text-muted-foreground sm:text-foreground">
              {formatDateTime(t.createdAt, 'N/A')}
            </span>
            <span role="cell" className="row-start-2 min-w-0 sm:row-start-auto">
              <TypeBadge type={t.type} />
            </span>
            <span role="cell" className="col-span-2 row-start-3 break-words sm:col-span-1 sm:row-start-auto">
              {t.description?.trim() ? t.description : 'N/A'}
            </span>
            <span
              role="cell"
              className={cn(
                'col-start-2 row-start-1 text-right font-medium whitespace-nowrap tabular-nums sm:col-start-auto sm:row-start-auto',
                t.amount > 0 ? 'text-green-700 dark:text-green-400' : 'text-red-700 dark:text-red-400',
              )}
            >
              {t.amount > 0 ? '+' : ''}
              {formatNumber(t.amount)} tokens
            </span>
          </div>
        ))}
      </div>
    </div>
  );
}
