import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateTicketInput, SupportTicket } from '@shared/schemas/support';
import { apiFetch } from '@web/lib/api';
import { modelKeys, ticketKeys } from '@web/lib/query-keys';

export const supportKeys = { myTickets: ticketKeys.all, models: modelKeys.all };

export type OwnModel = { id: string; name: string; status: string };

export function useMyTickets() {
  return useQuery<SupportTicket[]>({ queryKey: supportKeys.myTickets });
}

export function useOwnModels() {
  return useQuery<OwnModel[]>({ queryKey: supportKeys.models });
}

export function useCreateTicket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTicketInput) =>
      apiFetch<SupportTicket>('/api/support/tickets', { method: 'POST', json: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: supportKeys.myTickets }),
  });
}
