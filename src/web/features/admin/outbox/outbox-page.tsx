import { useState } from 'react';
import { Mail } from 'lucide-react';
import { EmptyState } from '@web/components/ui/empty-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { usePageTitle } from '@web/lib/use-page-title';
import { AdminList, failureOf } from '../shared/admin-list';
import { AdminPageHeader } from '../shared/admin-page-header';
import { useOutbox } from './api/outbox-api';
import { MessageCard } from './components/message-card';

// The endpoint answers the newest messages as a plain list; "Load more" asks for a longer one.
const PAGE = 50;
const MAX = 500;

export function OutboxPage() {
  usePageTitle('Mail Outbox');
  const [limit, setLimit] = useState(PAGE);
  const q = useOutbox(limit);
  const messages = q.data ?? [];
  // the pager's view of a list that grows by asking for a longer one
  const pages = {
    hasNextPage: messages.length >= limit && limit < MAX,
    isFetchingNextPage: q.isFetching,
    fetchNextPage: async () => setLimit((n) => Math.min(n + PAGE, MAX)),
  };

  return (
    <div className="mx-auto max-w-3xl">
      <AdminPageHeader title="Mail Outbox" description="Every e-mail the site has sent, newest first." />
      <AdminList
        loading={q.isPending}
        skeleton={
          <>
            <Skeleton className="h-28 w-full" />
            <Skeleton className="h-28 w-full" />
          </>
        }
        failure={failureOf(q, 'Failed to load the outbox', { retryLabel: 'Try again' })}
        isEmpty={messages.length === 0}
        empty={<EmptyState icon={<Mail />} title="No messages yet." />}
        pages={pages}
      >
        {messages.map((m) => (
          <MessageCard key={m.id} m={m} />
        ))}
      </AdminList>
    </div>
  );
}
