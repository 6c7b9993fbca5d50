import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminApi } from '@shared/api/admin';
import { apiQuery } from '@web/lib/api-client';

export type { OutboxMessage } from '@shared/schemas/admin';

/** The newest `limit` messages; the previous list stays on screen while a longer one loads. */
export function useOutbox(limit: number) {
  return useQuery({ ...apiQuery(adminApi.outbox, { query: { limit } }), placeholderData: keepPreviousData });
}
