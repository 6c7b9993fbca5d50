import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { NEXT_CURSOR_HEADER } from '@shared/constants';
import type { ErrorPolicyMeta } from '@web/lib/error-policy';

/**
 * Paging by cursor for every admin list read a page at a time ("Load more"): spread into
 * `useInfiniteQuery`. A page whose `nextCursor` is empty is the last.
 */
export const cursorPaging = {
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last: { nextCursor?: string | null }) => last.nextCursor ?? undefined,
};

/**
 * One page of an endpoint that answers a bare array and names the next page in its X-Next-Cursor
 * header (users, models): `read` gets the header callback to hand to `call`.
 */
async function headerCursorPage<T>(
  read: (onHeaders: (headers: Headers) => void) => Promise<T[]>,
): Promise<{ items: T[]; nextCursor: string | null }> {
  const cursor: { next: string | null } = { next: null };
  const items = await read((headers) => (cursor.next = headers.get(NEXT_CURSOR_HEADER)));
  return { items, nextCursor: cursor.next };
}

/**
 * A searchable list paged by the X-Next-Cursor header (users, models): `read` asks for one page. The
 * table keeps the last results on screen while a new search loads.
 */
export function useSearchPages<T>(
  queryKey: QueryKey,
  search: string,
  read: (
    query: { search?: string; cursor?: string },
    signal: AbortSignal,
    onHeaders: (headers: Headers) => void,
  ) => Promise<T[]>,
  options: { staleTime?: number } = {},
) {
  return useInfiniteQuery({
    queryKey,
    ...cursorPaging,
    queryFn: ({ pageParam, signal }) =>
      headerCursorPage((onHeaders) =>
        read({ search: search || undefined, cursor: pageParam }, signal, onHeaders),
      ),
    placeholderData: keepPreviousData,
    ...options,
  });
}

/**
 * A change, then every read it may have moved is refreshed (each key matches as a prefix). `meta`
 * words its failure (src/web/lib/error-policy.ts).
 */
export function useAdminMutation<V, R = unknown>(
  fn: (vars: V) => Promise<R>,
  keys: readonly QueryKey[],
  meta: ErrorPolicyMeta,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta,
    onSuccess: () => Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}

/**
 * Awaits an admin change, then `then` (its toast, closing a dialog). A failure is told by the error
 * policy through the mutation's `meta` (src/web/lib/error-policy.ts), so it stops here silently.
 */
export async function afterChange<R>(run: Promise<R>, then: (res: R) => void): Promise<void> {
  try {
    then(await run);
  } catch {
    // told by the error policy
  }
}
