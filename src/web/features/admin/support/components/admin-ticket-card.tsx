import { useId, useState } from 'react';
import { ChevronDown, ExternalLink } from 'lucide-react';
import { TICKET_PRIORITIES, TICKET_STATUSES } from '@shared/constants';
import type { SupportTicket, TicketPriority, TicketStatus } from '@shared/schemas/support';
import {
  TicketPriorityBadge,
  TicketStatusBadge,
  ticketPriorityLabel,
  ticketStatusLabel,
} from '@web/components/ticket-badges';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { OptionSelect } from '@web/components/ui/select';
import { ButtonSpinner } from '@web/components/ui/spinner';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { formatDateTime } from '@web/lib/format';
import { afterChange } from '../../shared/admin-queries';
import { useAddTicketNote, useSetTicketPriority, useSetTicketStatus } from '../api/admin-support-api';

export function AdminTicketCard({ ticket }: { ticket: SupportTicket }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const setStatus = useSetTicketStatus();
  const setPriority = useSetTicketPriority();
  const addNote = useAddTicketNote();

  const onStatus = (status: string) =>
    afterChange(setStatus.mutateAsync({ id: ticket.id, status: status as TicketStatus }), () =>
      toast({
        variant: 'success',
        title: 'Status updated',
        description: `Ticket is now ${ticketStatusLabel(status)}.`,
      }),
    );

  const onPriority = (priority: string) =>
    afterChange(setPriority.mutateAsync({ id: ticket.id, priority: priority as TicketPriority }), () =>
      toast({
        variant: 'success',
        title: 'Priority updated',
        description: `Priority is now ${ticketPriorityLabel(priority)}.`,
      }),
    );

  async function onAddNote() {
    const text = note.trim();
    if (!text) return;
    await afterChange(addNote.mutateAsync({ id: ticket.id, note: text }), () => {
      setNote('');
      toast({ variant: 'success', title: 'Note added', description: 'The user can now see your response.' });
    });
  }

  return (
    <Card data-testid="admin-ticket" data-ticket-id={ticket.id}>
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <CardTitle level={2} className="text-base wrap-anywhere">
              {ticket.subject}
            </CardTitle>
            <p className="text-xs text-muted-foreground">
              {ticket.user?.username ?? 'Unknown user'} · {formatDateTime(ticket.createdAt)}
            </p>
          </div>
          <div className="flex flex-wrap gap-1.5">
            <TicketPriorityBadge priority={ticket.priority} />
            <TicketStatusBadge status={ticket.status} />
          </div>
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        <div>
          <Button
            variant="ghost"
            size="sm"
            className="-ml-3"
            aria-expanded={open}
            // the details exist only while open; aria-controls must not name a missing element
            aria-controls={open ? `${id}-details` : undefined}
            onClick={() => setOpen((v) => !v)}
          >
            <ChevronDown
              className={open ? 'rotate-180 transition-transform' : 'transition-transform'}
              aria-hidden="true"
            />
            Ticket Details
          </Button>
          {open ? (
            <div id={`${id}-details`} className="mt-2 space-y-3 rounded-md border border-border p-3 text-sm">
              <div>
                <p className="font-medium">Message</p>
                <p className="whitespace-pre-wrap break-words text-muted-foreground">{ticket.message}</p>
              </div>
              {ticket.model ? (
                <div>
                  <p className="font-medium">Related Model</p>
                  <a
                    href={`/models/${ticket.model.id}`}
                    target="_blank"
                    rel="noreferrer"
                    className="inline-flex items-center gap-1 text-primary-text underline-offset-4 hover:underline"
                  >
                    {ticket.model.name}
                    <ExternalLink className="size-3.5" aria-hidden="true" />
                    <span className="sr-only">(opens in a new tab)</span>
                  </a>
                </div>
              ) : null}
              <div className="grid gap-1 sm:grid-cols-2">
                <p>
                  <span className="font-medium">Username: </span>
                  {ticket.user?.username ?? 'Unknown'}
                </p>
                <p className="wrap-anywhere">
                  <span className="font-medium">Email: </span>
                  {ticket.user?.email ?? 'No email'}
                </p>
              </div>
              {ticket.adminNotes.length > 0 ? (
                <div className="space-y-2">
                  <p className="font-medium">Admin Notes</p>
                  {ticket.adminNotes.map((n) => (
                    <div key={n.id} className="rounded-md bg-muted/60 p-2">
                      <p className="text-xs text-muted-foreground">
                        {n.author?.username ?? 'Admin'} · {formatDateTime(n.createdAt)}
                      </p>
                      <p className="whitespace-pre-wrap break-words">{n.note}</p>
                    </div>
                  ))}
                </div>
              ) : null}
            </div>
          ) : null}
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-status`}>Status</Label>
            <OptionSelect
              id={`${id}-status`}
              value={ticket.status}
              onValueChange={(v) => void onStatus(v)}
              disabled={setStatus.isPending}
              options={TICKET_STATUSES.map((v) => ({ value: v, label: ticketStatusLabel(v) }))}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-priority`}>Priority</Label>
            <OptionSelect
              id={`${id}-priority`}
              value={ticket.priority}
              onValueChange={(v) => void onPriority(v)}
              disabled={setPriority.isPending}
              options={TICKET_PRIORITIES.map((v) => ({ value: v, label: ticketPriorityLabel(v) }))}
            />
          </div>
        </div>

        <div className="grid gap-2">
          <Label htmlFor={`${id}-note`}>Add Admin Note</Label>
          <Textarea
            id={`${id}-note`}
            value={note}
            rows={3}
            maxLength={10000}
            placeholder="Enter response to user..."
            onChange={(e) => setNote(e.target.value)}
          />
          <div>
            <Button size="sm" onClick={() => void onAddNote()} disabled={!note.trim() || addNote.isPending}>
              {addNote.isPending ? <ButtonSpinner /> : null}
              Add Note
            </Button>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
