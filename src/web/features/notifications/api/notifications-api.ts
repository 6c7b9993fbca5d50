import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationsApi } from '@shared/api/notifications';
import type { MarkReadBody } from '@shared/schemas/notifications';
import { apiQuery, call, keyOf } from '@web/lib/api-client';

/** Every notifications read sits under `all`, so one invalidation refreshes the bell and the list. */
export const notificationKeys = {
  all: keyOf(notificationsApi.list),
  pages: [...keyOf(notificationsApi.list), 'pages'] as const,
};

/** How often the bell asks for news while the page stays open (it also asks when the tab regains focus). */
const BELL_POLL_MS = 60_000;

/** The first page, for the bell's unread count. */
export function useUnreadCount() {
  const query = useQuery({
    ...apiQuery(notificationsApi.list),
    refetchInterval: BELL_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 15_000,
  });
  return query.data?.unread ?? 0;
}

/** `GET /api/notifications`, newest first, one page per "Load more". */
export function useNotificationPages() {
  return useInfiniteQuery({
    queryKey: notificationKeys.pages,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      call(notificationsApi.list, { query: { cursor: pageParam ?? undefined }, signal }),
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

/** `errorTitle` names a failure in the toast (one notification, or all of them). */
export function useMarkRead(errorTitle: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MarkReadBody) => call(notificationsApi.markRead, { body }),
    meta: { errorTitle },
    onSuccess: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
