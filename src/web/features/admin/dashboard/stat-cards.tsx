import { DollarSign, Image, ShieldCheck, ShieldAlert, Sparkles, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { formatDateTime, formatMoney, formatNumber } from '@web/lib/format';
import { useAdminStats, useImageCount, useLedgerCheck } from './api/dashboard-api';

/** One figure of a query: a skeleton while it loads, "Could not load" if it failed. */
function StatCard<T>({
  label,
  icon,
  query,
  value: valueOf,
}: {
  label: string;
  icon: ReactNode;
  query: { data: T | undefined; isError: boolean };
  value: (data: T) => string;
}) {
  const value = query.data === undefined ? undefined : valueOf(query.data);
  return (
    <Card>
      <CardContent className="flex items-center justify-between gap-3 pt-6">
        <div className="min-w-0">
          <p className="text-sm text-muted-foreground">{label}</p>
          {value !== undefined ? (
            <p className="text-2xl font-bold" data-testid={`stat-${label}`}>
              {value}
            </p>
          ) : query.isError ? (
            <p className="text-sm text-destructive-text">Could not load</p>
          ) : (
            // docs/product/decisions.md §13: a skeleton until the real figure arrives, never a placeholder number
            <Skeleton className="mt-1 h-8 w-20" aria-label={`Loading ${label}`} />
          )}
        </div>
        <div className="hidden size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 sm:flex text-primary-text [&_svg]:size-5">
          {icon}
        </div>
      </CardContent>
    </Card>
  );
}

export function StatCards() {
  const stats = useAdminStats();
  const images = useImageCount();
  const ledger = useLedgerCheck();
  const mismatches = ledger.data
    ? Array.isArray(ledger.data.mismatches)
      ? ledger.data.mismatches.length
      : Number(ledger.data.mismatches) || 0
    : 0;
  return (
    <div className="space-y-3">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard
          label="Total Users"
          icon={<Users />}
          query={stats}
          value={(s) => formatNumber(s.totalUsers)}
        />
        <StatCard
          label="Active Models"
          icon={<Sparkles />}
          query={stats}
          value={(s) => formatNumber(s.activeModels)}
        />
        <StatCard
          label="Revenue"
          icon={<DollarSign />}
          query={stats}
          value={(s) => formatMoney(s.revenueInCents)}
        />
        <StatCard label="Total Images" icon={<Image />} query={images} value={(i) => formatNumber(i.count)} />
      </div>
      <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="ledger-check">
        {ledger.isPending ? (
          <>Checking token ledger…</>
        ) : ledger.isError ? (
          <>Ledger check unavailable.</>
        ) : ledger.data.ok ? (
          <>
            <ShieldCheck className="size-4 shrink-0 text-green-600 dark:text-green-400" aria-hidden="true" />
            Token ledger consistent: every balance equals the sum of its ledger rows (checked{' '}
            {formatDateTime(ledger.data.checkedAt)}).
          </>
        ) : (
          <>
            <ShieldAlert className="size-4 shrink-0 text-destructive-text" aria-hidden="true" />
            <span className="text-destructive-text">
              Token ledger check found {mismatches} {mismatches === 1 ? 'account' : 'accounts'} whose balance
              differs from the ledger (checked {formatDateTime(ledger.data.checkedAt)}).
            </span>
          </>
        )}
      </p>
    </div>
  );
}
