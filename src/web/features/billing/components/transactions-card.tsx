import { useMemo, useState } from 'react';
import { LoadMore } from '@web/components/ui/load-more';
import { Receipt } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { Label } from '@web/components/ui/label';
import { OptionSelect } from '@web/components/ui/select';
import { Skeleton } from '@web/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { errorMessage } from '@web/lib/api';
import { useTransactions, type TypeFilter } from '../api/billing-api';
import { TransactionsTable } from './transactions-table';
import { groupByMonth } from '../lib/group-by-month';

const FILTERS: { value: TypeFilter; label: string }[] = [
  { value: 'all', label: 'All Transactions' },
  { value: 'purchase', label: 'Purchases' },
  { value: 'usage', label: 'Usage' },
  { value: 'refund', label: 'Refunds' },
];

type Transactions = ReturnType<typeof useTransactions>;

export function TransactionsCard({
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
