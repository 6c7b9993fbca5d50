import type { ReactNode } from 'react';
import { Coins, CreditCard, TrendingDown } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { formatNumber } from '@web/lib/format';
import { useTransactionsSummary } from '../api/billing-api';

function SummaryCard({ title, value, icon }: { title: string; value: number | undefined; icon: ReactNode }) {
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2 pb-2">
        <CardTitle level={2} className="text-sm font-medium text-muted-foreground">
          {title}
        </CardTitle>
        <span aria-hidden="true" className="text-muted-foreground [&_svg]:size-4">
          {icon}
        </span>
      </CardHeader>
      <CardContent>
        {value === undefined ? (
          <Skeleton className="h-8 w-24" />
        ) : (
          <p className="text-2xl font-bold tabular-nums">{formatNumber(value)} tokens</p>
        )}
      </CardContent>
    </Card>
  );
}

type Summary = ReturnType<typeof useTransactionsSummary>;

/** The balance and the totals bought and used. */
export function SummaryCards({ summary, balance }: { summary: Summary; balance: number }) {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <SummaryCard
        title="Current Balance"
        value={summary.data?.balance ?? (summary.isError ? balance : undefined)}
        icon={<Coins />}
      />
      <SummaryCard title="Total Purchased" value={summary.data?.totalPurchased} icon={<CreditCard />} />
      <SummaryCard title="Total Used" value={summary.data?.totalUsed} icon={<TrendingDown />} />
    </div>
  );
}
