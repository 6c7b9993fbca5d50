import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, defaultQueryFn } from './api';

/** The session read; everything that changes the user or the balance refetches this key. */
export const USER_QUERY_KEY = ['/api/auth/user'] as const;

function onUnauthorised(client: QueryClient, error: unknown) {
  // A 401 outside the auth endpoints means the session ended (expired, suspended, signed out
  // elsewhere): re-reading the session lets the route guard send the person to /login.
  // (A failed login is a 401 too, and says nothing about a session.)
  if (error instanceof ApiError && error.status === 401 && !error.path?.startsWith('/api/auth/')) {
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
