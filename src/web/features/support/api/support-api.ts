import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateTicketInput, SupportTicket } from '@shared/schemas/support';
import { apiFetch } from '@web/lib/api';

export const MY_TICKETS_KEY = ['/api/support/tickets'] as const;

export type OwnModel = { id: string; name: string; status: string };

export function useMyTickets() {
  return useQuery<SupportTicket[]>({ queryKey: MY_TICKETS_KEY });
}

export function useOwnModels() {
  return useQuery<OwnModel[]>({ queryKey: ['/api/models'] });
}

export function useCreateTicket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTicketInput) => apiFetch<SupportTicket>('/api/support/tickets', { method: 'POST', json: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: MY_TICKETS_KEY }),
  });
}
