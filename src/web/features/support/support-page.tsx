import { useSearchParams } from 'react-router';
import { CheckCircle2, LifeBuoy } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { PageHeader } from '@web/components/ui/page-header';
import { SUPPORT_HEADER } from './page-headers';
import { Skeleton, SkeletonGroup } from '@web/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { usePageTitle } from '@web/lib/use-page-title';
import type { SupportTicket } from '@shared/schemas/support';
import { useMyTickets } from './api/support-api';
import { NewTicketForm } from './components/new-ticket-form';
import { TicketItem } from './components/ticket-item';

const TIPS = [
  {
    title: 'Model training failed',
    text: 'Include the error message and your model ID so we can look at the training run.',
  },
  { title: 'Billing questions', text: 'Include the transaction IDs from your billing history.' },
  { title: 'Image generation problems', text: 'Include the prompt you used and any error messages you saw.' },
];

function TicketList({ tickets, empty }: { tickets: SupportTicket[]; empty: string }) {
  if (tickets.length === 0) return <EmptyState icon={<CheckCircle2 />} title={empty} />;
  return (
    <div className="space-y-4">
      {tickets.map((t) => (
        <TicketItem key={t.id} ticket={t} />
      ))}
    </div>
  );
}

export function SupportPage() {
  usePageTitle(SUPPORT_HEADER.title);
  const [params] = useSearchParams();
  const tickets = useMyTickets();
  const all = tickets.data ?? [];
  const open = all.filter((t) => t.status === 'open' || t.status === 'in_progress');
  const resolved = all.filter((t) => t.status === 'resolved' || t.status === 'closed');
  const modelId = params.get('modelId');

  return (
    <div>
      <PageHeader {...SUPPORT_HEADER} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          {tickets.isError ? (
            <Alert variant="destructive">
              <AlertDescription className="flex flex-wrap items-center justify-between gap-2">
                <span>Failed to load your support tickets. Please try again.</span>
                <Button size="sm" variant="outline" onClick={() => void tickets.refetch()}>
                  Try again
                </Button>
              </AlertDescription>
            </Alert>
          ) : (
            <Tabs defaultValue="open">
              <TabsList>
                <TabsTrigger value="open">Open Tickets ({open.length})</TabsTrigger>
                <TabsTrigger value="resolved">Resolved ({resolved.length})</TabsTrigger>
              </TabsList>
              {tickets.isPending ? (
                <SkeletonGroup className="mt-4 space-y-4" label="Loading tickets">
                  <Skeleton className="h-32 w-full" />
                  <Skeleton className="h-32 w-full" />
                </SkeletonGroup>
              ) : (
                <>
                  <TabsContent value="open">
                    <TicketList tickets={open} empty="You don't have any open support tickets." />
                  </TabsContent>
                  <TabsContent value="resolved">
                    <TicketList tickets={resolved} empty="You don't have any resolved support tickets." />
                  </TabsContent>
                </>
              )}
            </Tabs>
          )}
        </div>
        <aside className="space-y-6">
          <NewTicketForm initialModelId={modelId} />
          <Card>
            <CardHeader>
              <CardTitle level={2} className="flex items-center gap-2">
                <LifeBuoy className="size-5" aria-hidden="true" />
                Common Issues
              </CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="space-y-3 text-sm">
                {TIPS.map((tip) => (
                  <li key={tip.title}>
                    <p className="font-medium">{tip.title}</p>
                    <p className="text-muted-foreground">{tip.text}</p>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        </aside>
      </div>
    </div>
  );
}
