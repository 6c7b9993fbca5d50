import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supportApi } from '@shared/api/support';
import type { TicketPriority, TicketStatus } from '@shared/schemas/support';
import { apiQuery, call } from '@web/lib/api-client';
import { adminSupportKeys } from '../../shared/admin-query-keys';

export function useAllTickets() {
  return useQuery({
    ...apiQuery(supportApi.tickets, { query: { includeResolved: true } }),
    // the page says a failed read in its own words (spec part 2 §8)
    meta: { errorToast: false },
  });
}

/** `action` completes the spec's words for a failure: "Failed to {action}: {message}". */
function useTicketMutation<V>(fn: (vars: V) => Promise<unknown>, action: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { errorPrefix: `Failed to ${action}: `, errorFallback: 'Unknown error' },
    // the ticket lists (admin's and the user's own) are refreshed after every change (docs/product/spec-part-2.md §7)
    onSuccess: () => client.invalidateQueries({ queryKey: adminSupportKeys.all }),
  });
}

export function useSetTicketStatus() {
  return useTicketMutation(
    ({ id, status }: { id: string; status: TicketStatus }) =>
      call(supportApi.setStatus, { params: { id }, body: { status } }),
    'update status',
  );
}

export function useSetTicketPriority() {
  return useTicketMutation(
    ({ id, priority }: { id: string; priority: TicketPriority }) =>
      call(supportApi.setPriority, { params: { id }, body: { priority } }),
    'update priority',
  );
}

export function useAddTicketNote() {
  return useTicketMutation(
    ({ id, note }: { id: string; note: string }) =>
      call(supportApi.addNote, { params: { id }, body: { note } }),
    'add note',
  );
}
