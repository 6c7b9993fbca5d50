import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { modelsApi } from '@shared/api/models';
import { supportApi } from '@shared/api/support';
import type { CreateTicketInput } from '@shared/schemas/support';
import { apiQuery, call } from '@web/lib/api-client';
import { modelKeys, ticketKeys } from '@web/lib/query-keys';

export const supportKeys = { myTickets: ticketKeys.all, models: modelKeys.all };

export function useMyTickets() {
  return useQuery(apiQuery(supportApi.tickets));
}

export function useOwnModels() {
  return useQuery(apiQuery(modelsApi.list));
}

export function useCreateTicket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTicketInput) => call(supportApi.create, { body: input }),
    meta: { errorPrefix: 'Failed to submit ticket: ', errorFallback: 'Unknown error' },
    onSuccess: () => client.invalidateQueries({ queryKey: supportKeys.myTickets }),
  });
}
