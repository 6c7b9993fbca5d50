import { useState } from 'react';
import { Coins } from 'lucide-react';
import { ButtonLink } from '@web/components/ui/button-link';
import { PageHeader } from '@web/components/ui/page-header';
import { BILLING_HISTORY_HEADER } from './page-headers';
import { useUser } from '@web/lib/session';
import { usePageTitle } from '@web/lib/use-page-title';
import { useTransactions, useTransactionsSummary, type TypeFilter } from './api/billing-api';
import { SummaryCards } from './components/summary-cards';
import { RecheckPayments } from './components/recheck-payments';
import { TransactionsCard } from './components/transactions-card';

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
          <ButtonLink to="/tokens/purchase" icon={Coins}>
            Buy Tokens
          </ButtonLink>
        }
      />
      <SummaryCards summary={summary} balance={user.tokenBalance} />
      <TransactionsCard transactions={transactions} filter={filter} onFilter={setFilter} />
      <RecheckPayments />
    </div>
  );
}
