import { Badge, type BadgeProps } from '@web/components/ui/badge';

// Spec part 2 §4: ticket statuses and priorities; anything else reads as Unknown.
const STATUS: Record<string, { label: string; variant: BadgeProps['variant'] }> = {
  open: { label: 'Open', variant: 'blue' },
  in_progress: { label: 'In Progress', variant: 'amber' },
  resolved: { label: 'Resolved', variant: 'green' },
  closed: { label: 'Closed', variant: 'gray' },
};

const PRIORITY: Record<string, { label: string; variant: BadgeProps['variant'] }> = {
  low: { label: 'Low', variant: 'gray' },
  medium: { label: 'Medium', variant: 'blue' },
  high: { label: 'High', variant: 'amber' },
  urgent: { label: 'Urgent', variant: 'red' },
};

export const ticketStatusLabel = (status: string) => STATUS[status]?.label ?? 'Unknown';
export const ticketPriorityLabel = (priority: string) => PRIORITY[priority]?.label ?? 'Unknown';

export function TicketStatusBadge({ status }: { status: string }) {
  const s = STATUS[status] ?? { label: 'Unknown', variant: 'outline' as const };
  return <Badge variant={s.variant}>{s.label}</Badge>;
}

export function TicketPriorityBadge({ priority }: { priority: string }) {
  const p = PRIORITY[priority] ?? { label: 'Unknown', variant: 'outline' as const };
  return (
    <Badge variant={p.variant} aria-label={`Priority: ${p.label}`}>
      {p.label}
    </Badge>
  );
}
