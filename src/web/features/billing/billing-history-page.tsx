import { useMemo, useState, type ReactNode } from 'react';
import { LoadMore } from '@web/components/ui/load-more';
import { Link } from 'react-router';
import { Coins, CreditCard, Receipt, RefreshCw, TrendingDown } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { Label } from '@web/components/ui/label';
import { PageHeader } from '@web/components/ui/page-header';
import { BILLING_HISTORY_HEADER } from './page-headers';
import { OptionSelect } from '@web/components/ui/select';
import { Skeleton } from '@web/components/ui/skeleton';
import { ButtonSpinner } from '@web/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { toast } from '@web/components/ui/use-toast';
import { useUser } from '@web/lib/session';
import { errorMessage } from '@web/lib/api';
import { formatNumber } from '@web/lib/format';
import { usePageTitle } from '@web/lib/use-page-title';
import {
  useRecheckPayments,
  useTransactions,
  useTransactionsSummary,
  type TypeFilter,
} from './api/billing-api';
import { TransactionsTable } from './components/transactions-table';
import { groupByMonth } from './lib/group-by-month';

const FILTERS: { value: TypeFilter; label: string }[] = [
  { value: 'all', label: 'All Transactions' },
  { value: 'purchase', label: 'Purchases' },
  { value: 'usage', label: 'Usage' },
  { value: 'refund', label: 'Refunds' },
];

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

function RecheckPayments() {
  const recheck = useRecheckPayments();
  const run = async () => {
    try {
      const result = await recheck.mutateAsync();
      const tokens = result.credited.reduce((sum, c) => sum + c.tokens, 0);
      if (tokens > 0) {
        toast({
          variant: 'success',
          title: 'Purchase successful',
          description: `${formatNumber(tokens)} tokens have been added to your account.`,
        });
      } else {
        toast({
          title: 'No missing payments found',
          description: 'Every completed payment is already in your balance.',
        });
      }
    } catch {
      // told by the error policy (src/web/lib/error-policy.ts)
    }
  };
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-border p-4 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <p className="font-medium">Payment received but no tokens?</p>
        <p className="text-sm text-muted-foreground">
          We check your recent payments with the payment provider and add anything missing.
        </p>
      </div>
      <Button variant="outline" onClick={run} disabled={recheck.isPending}>
        {recheck.isPending ? <ButtonSpinner /> : <RefreshCw aria-hidden="true" />}
        Check my payments
      </Button>
    </div>
  );
}

type Summary = ReturnType<typeof useTransactionsSummary>;
type Transactions = ReturnType<typeof useTransactions>;

function SummaryCards({ summary, balance }: { summary: Summary; balance: number }) {
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

function TransactionsCard({
  transactions,
  filter,
  onFilter,
}: {
  transactions: Transactions;
  filter: TypeFilter;
  onFilter: (filter: TypeFilter) => void;
}) {
  const [month, setMonth] = useState<string | null>(null);
  const rows = useMemo(
    () => transactions.data?.pages.flatMap((p) => p.transactions) ?? [],
    [transactions.data],
  );
  const months = useMemo(() => groupByMonth(rows), [rows]);
  // the first (newest) month is selected until the person picks another
  const selected = months.some((m) => m.key === month) ? month! : (months[0]?.key ?? '');

  return (
    <Card>
      <CardHeader className="gap-4 sm:flex-row sm:items-center sm:justify-between">
        <CardTitle level={2} className="flex items-center gap-2">
          <Receipt aria-hidden="true" className="size-5" />
          Transactions
        </CardTitle>
        <div className="flex items-center gap-2">
          <Label htmlFor="transaction-type-filter" className="sr-only">
            Filter by type
          </Label>
          <OptionSelect
            id="transaction-type-filter"
            className="w-48"
            aria-label="Filter by type"
            value={filter}
            onValueChange={(v) => {
              onFilter(v);
              setMonth(null);
            }}
            options={FILTERS}
          />
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        {transactions.isPending ? (
          <div className="space-y-2" aria-busy="true">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </div>
        ) : transactions.isError ? (
          <Alert variant="destructive">
            <AlertTitle>Error</AlertTitle>
            <AlertDescription>
              <p>{errorMessage(transactions.error, 'Failed to load your transactions. Please try again.')}</p>
              <Button
                variant="outline"
                size="sm"
                className="mt-3"
                onClick={() => void transactions.refetch()}
              >
                Try again
              </Button>
            </AlertDescription>
          </Alert>
        ) : months.length === 0 ? (
          <EmptyState
            icon={<Receipt />}
            title="No transactions found"
            description={
              filter === 'all' ? "You don't have any transactions yet." : `No ${filter} transactions found.`
            }
          />
        ) : (
          <Tabs value={selected} onValueChange={setMonth}>
            <TabsList aria-label="Months">
              {months.map((m) => (
                <TabsTrigger key={m.key} value={m.key}>
                  {m.label}
                </TabsTrigger>
              ))}
            </TabsList>
            {months.map((m) => (
              <TabsContent key={m.key} value={m.key}>
                <TransactionsTable rows={m.items} />
              </TabsContent>
            ))}
          </Tabs>
        )}
        <LoadMore pages={transactions} label="Load older transactions" />
      </CardContent>
    </Card>
  );
}

export function BillingHistoryPage() {
  usePageTitle(BILLING_HISTORY_HEADER.title);
  const { user } = useUser();
  const [filter, setFilter] = useState<TypeFilter>('all');
  const summary = useTransactionsSummary();
  const transactions = useTransactions(filter);

  if (!user) return null;

  return (
    <div className="mx-auto w-full max-w-5xl space-y-6">
      <PageHeader
        {...BILLING_HISTORY_HEADER}
        actions={
          <Button asChild>
            <Link to="/tokens/purchase">
              <Coins aria-hidden="true" />
              Buy Tokens
            </Link>
          </Button>
        }
      />
      <SummaryCards summary={summary} balance={user.tokenBalance} />
      <TransactionsCard transactions={transactions} filter={filter} onFilter={setFilter} />
      <RecheckPayments />
    </div>
  );
}
