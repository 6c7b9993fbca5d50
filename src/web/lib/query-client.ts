import {
  hashKey,
  MutationCache,
  QueryCache,
  QueryClient,
  type Query,
  type QueryKey,
} from '@tanstack/react-query';
import { authApi } from '@shared/api/auth';
import { defaultQueryFn } from './api';
import { keyOf } from './api-client';
import { forgetQueryFailure, sessionEnded, toastMutationError, toastQueryError } from './error-policy';

/** The session read; everything that changes the user or the balance refetches this key. */
export const USER_QUERY_KEY = keyOf(authApi.user);

function onUnauthorised(client: QueryClient, error: unknown) {
  // When the session ended (expired, suspended, signed out elsewhere), re-reading it lets the route
  // guard send the person to /login. (A failed login is a 401 too, and says nothing about a session.)
  if (sessionEnded(error)) void client.invalidateQueries({ queryKey: USER_QUERY_KEY });
}

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    // The one error policy (docs/decisions/066-one-error-policy.md): failures are put into words
    // here, once, and a screen writes an error toast by hand only where it adds something.
    queryCache: new QueryCache({
      onError: (error, query) => {
        onUnauthorised(client, error);
        toastQueryError(error, query);
      },
      onSuccess: (_data, query) => forgetQueryFailure(query),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => {
        onUnauthorised(client, error);
        toastMutationError(error, mutation);
      },
    }),
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
