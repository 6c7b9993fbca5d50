import { useEffect, useMemo, useState } from 'react';
import type { SupportTicket } from '@shared/schemas/support';
import { SearchAndStatus } from '@web/components/ui/select';
import { Card, CardContent } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { Spinner } from '@web/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { toast } from '@web/components/ui/use-toast';
import { usePageTitle } from '@web/lib/use-page-title';
import { useAllTickets } from './api/admin-support-api';
import { AdminTicketCard } from './components/admin-ticket-card';
import { AdminList, failureOf } from '../shared/admin-list';
import { AdminPageHeader } from '../shared/admin-page-header';

const FILTERS = [
  { value: 'all', label: 'All Tickets' },
  { value: 'open', label: 'Open' },
  { value: 'in_progress', label: 'In Progress' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'closed', label: 'Closed' },
];

function matches(t: SupportTicket, q: string) {
  if (!q) return true;
  return [t.subject, t.message, t.user?.username ?? '', t.user?.email ?? ''].some((f) =>
    f.toLowerCase().includes(q),
  );
}

function List({ tickets, empty }: { tickets: SupportTicket[]; empty: string }) {
  return (
    <AdminList isEmpty={tickets.length === 0} empty={<EmptyState title={empty} />}>
      {tickets.map((t) => (
        <AdminTicketCard key={t.id} ticket={t} />
      ))}
    </AdminList>
  );
}

export function AdminSupportPage() {
  usePageTitle('Support Management');
  const tickets = useAllTickets();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('all');

  useEffect(() => {
    if (tickets.isError)
      toast({
        variant: 'destructive',
        title: 'Error',
        description: 'Failed to load support tickets. Please try again.',
      });
  }, [tickets.isError]);

  const filtered = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (tickets.data ?? []).filter((t) => matches(t, q) && (status === 'all' || t.status === status));
  }, [tickets.data, search, status]);
  const open = filtered.filter((t) => t.status === 'open');
  const inProgress = filtered.filter((t) => t.status === 'in_progress');
  const resolved = filtered.filter((t) => t.status === 'resolved' || t.status === 'closed');

  const stats = [
    { label: 'Total Tickets', value: tickets.data?.length ?? 0 },
    { label: 'Open', value: open.length },
    { label: 'In Progress', value: inProgress.length },
    { label: 'Resolved', value: resolved.length },
  ];

  return (
    <div>
      <AdminPageHeader title="Support Management" description="Answer and track user support tickets." />
      <div className="mb-6 grid grid-cols-2 gap-4 md:grid-cols-4">
        {stats.map((s) => (
          <Card key={s.label}>
            <CardContent className="pt-6">
              <p className="text-sm text-muted-foreground">{s.label}</p>
              <p className="text-2xl font-bold" data-testid={`ticket-stat-${s.label}`}>
                {s.value}
              </p>
            </CardContent>
          </Card>
        ))}
      </div>
      <AdminList
        filters={
          <SearchAndStatus
            search={{
              label: 'Search tickets',
              placeholder: 'Search tickets by subject, message, or user...',
              value: search,
              onValueChange: setSearch,
            }}
            status={status}
            onStatusChange={setStatus}
            statuses={FILTERS}
          />
        }
        loading={tickets.isPending}
        skeleton={
          <div className="flex items-center justify-center gap-2 py-12 text-muted-foreground">
            <Spinner />
            Loading tickets...
          </div>
        }
        // the page words its failure as the spec does (part 2 §8), and the toast above says it too
        failure={failureOf(tickets, 'Failed to load support tickets. Please try again.', {
          retryLabel: 'Try again',
          fallback: '',
        })}
      >
        <Tabs defaultValue="open">
          <TabsList>
            <TabsTrigger value="open">Open ({open.length})</TabsTrigger>
            <TabsTrigger value="in_progress">In Progress ({inProgress.length})</TabsTrigger>
            <TabsTrigger value="resolved">Resolved ({resolved.length})</TabsTrigger>
          </TabsList>
          <TabsContent value="open">
            <List tickets={open} empty="No open tickets found." />
          </TabsContent>
          <TabsContent value="in_progress">
            <List tickets={inProgress} empty="No tickets in progress." />
          </TabsContent>
          <TabsContent value="resolved">
            <List tickets={resolved} empty="No resolved tickets." />
          </TabsContent>
        </Tabs>
      </AdminList>
    </div>
  );
}
