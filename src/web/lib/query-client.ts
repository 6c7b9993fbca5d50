import {
  hashKey,
  MutationCache,
  QueryCache,
  QueryClient,
  type Query,
  type QueryKey,
} from '@tanstack/react-query';
import { authApi } from '@shared/api/auth';
import { ApiError, defaultQueryFn } from './api';
import { isAuthPath, keyOf } from './api-client';

/** The session read; everything that changes the user or the balance refetches this key. */
export const USER_QUERY_KEY = keyOf(authApi.user);

function onUnauthorised(client: QueryClient, error: unknown) {
  // A 401 outside the auth endpoints means the session ended (expired, suspended, signed out
  // elsewhere): re-reading the session lets the route guard send the person to /login.
  // (A failed login is a 401 too, and says nothing about a session.)
  if (error instanceof ApiError && error.status === 401 && !isAuthPath(error.path)) {
    void client.invalidateQueries({ queryKey: USER_QUERY_KEY });
  }
}

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error) => onUnauthorised(client, error) }),
    mutationCache: new MutationCache({ onError: (error) => onUnauthorised(client, error) }),
    defaultOptions: {
      // Spec part 1 §7: no interval, no refetch on focus, never stale, no retries unless stated.
      queries: {
        queryFn: defaultQueryFn,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
  return client;
}

export const queryClient = createQueryClient();

/** How recent the router's read may be and still count as this visit's. */
const JUST_READ_MS = 2000;
/** Query hashes the router has read for the page being opened, with when (app/router.tsx). */
const readForVisit = new Map<string, number>();

/** A read the router starts beside the page's download, for a query whose hook uses refetchOnVisit. */
export function prefetchForVisit(client: QueryClient, queryKey: QueryKey): Promise<void> {
  readForVisit.set(hashKey(queryKey), Date.now());
  return client.prefetchQuery({ queryKey });
}

/**
 * For reads that are fresh on every visit: read again on mount, unless the router has just read
 * this very query for the page being opened (asking twice would only add a request). React Query asks
 * this more than once for one mount (while rendering, and again as the observer subscribes), so the
 * answer depends on the time alone: an answer that changed once asked sent every visit's read twice.
 */
// any query, whatever its data
export function refetchOnVisit(query: Query<any, any, any, any>): 'always' | false {
  const now = Date.now();
  const readAt = readForVisit.get(query.queryHash);
  const justRead =
    readAt !== undefined && now - readAt < JUST_READ_MS && now - query.state.dataUpdatedAt < JUST_READ_MS;
  return justRead ? false : 'always';
}
