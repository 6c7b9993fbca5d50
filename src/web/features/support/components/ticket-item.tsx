import { MessageSquareReply } from 'lucide-react';
import type { SupportTicket } from '@shared/schemas/support';
import { TicketPriorityBadge, TicketStatusBadge } from '@web/components/ticket-badges';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { formatDateTime } from '@web/lib/format';

/** One of the user's own tickets, with the team's notes shown as "Admin Response". */
export function TicketItem({ ticket }: { ticket: SupportTicket }) {
  return (
    <Card>
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          {/* wrap-anywhere, not break-words: only it lets a flex item shrink below one long unbroken word */}
          <CardTitle level={2} className="min-w-0 text-base wrap-anywhere">
            {ticket.subject}
          </CardTitle>
          <div className="flex flex-wrap gap-1.5">
            <TicketPriorityBadge priority={ticket.priority} />
            <TicketStatusBadge status={ticket.status} />
          </div>
        </div>
        <p className="text-xs text-muted-foreground">
          Submitted {formatDateTime(ticket.createdAt)}
          {ticket.model ? ` · Model: ${ticket.model.name}` : ''}
        </p>
      </CardHeader>
      <CardContent className="space-y-3">
        <p className="text-sm whitespace-pre-wrap wrap-anywhere">{ticket.message}</p>
        {ticket.adminNotes.map((n) => (
          <div key={n.id} className="rounded-md border-l-4 border-primary bg-muted/60 p-3">
            <p className="mb-1 flex items-center gap-1.5 text-sm font-medium">
              <MessageSquareReply className="size-4" aria-hidden="true" />
              Admin Response
              <span className="font-normal text-xs text-muted-foreground">
                · {formatDateTime(n.createdAt)}
              </span>
            </p>
            <p className="text-sm whitespace-pre-wrap wrap-anywhere">{n.note}</p>
          </div>
        ))}
      </CardContent>
    </Card>
  );
}
