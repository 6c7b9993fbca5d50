import { keepPreviousData, useQuery } from '@tanstack/react-query';

export type OutboxMessage = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
  sentAt: string | null;
  error: string | null;
  transport: string;
};

/** Keys are the URLs the default query function fetches (src/web/lib/api.ts). */
export const outboxKeys = {
  all: ['/api/admin/outbox'] as const,
  list: (limit: number) => ['/api/admin/outbox', { limit }] as const,
};

/** The newest `limit` messages; the previous list stays on screen while a longer one loads. */
export function useOutbox(limit: number) {
  return useQuery<OutboxMessage[]>({ queryKey: outboxKeys.list(limit), placeholderData: keepPreviousData });
}
