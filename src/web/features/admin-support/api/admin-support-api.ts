import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SupportTicket, TicketPriority, TicketStatus } from '@shared/schemas/support';
import { apiFetch } from '@web/lib/api';
import { ticketKeys } from '@web/lib/query-keys';

export const adminSupportKeys = { all: ticketKeys.all, everyone: ticketKeys.everyone };

export function useAllTickets() {
  return useQuery<SupportTicket[]>({ queryKey: adminSupportKeys.everyone });
}

function useTicketMutation<V>(fn: (vars: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // the ticket lists (admin's and the user's own) are refreshed after every change (docs/product/spec-part-2.md §7)
    onSuccess: () => client.invalidateQueries({ queryKey: adminSupportKeys.all }),
  });
}

export function useSetTicketStatus() {
  return useTicketMutation(({ id, status }: { id: string; status: TicketStatus }) =>
    apiFetch(`/api/support/tickets/${id}/status`, { method: 'PATCH', json: { status } }),
  );
}

export function useSetTicketPriority() {
  return useTicketMutation(({ id, priority }: { id: string; priority: TicketPriority }) =>
    apiFetch(`/api/support/tickets/${id}/priority`, { method: 'PATCH', json: { priority } }),
  );
}

export function useAddTicketNote() {
  return useTicketMutation(({ id, note }: { id: string; note: string }) =>
    apiFetch(`/api/support/tickets/${id}/notes`, { method: 'POST', json: { note } }),
  );
}
