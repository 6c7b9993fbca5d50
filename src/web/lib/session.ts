import { useQuery, type QueryClient, type QueryFunctionContext } from '@tanstack/react-query';
import { authApi } from '@shared/api/auth';
import type { PublicUser } from '@shared/schemas/user';
import { ApiError } from '@web/lib/api';
import { call } from '@web/lib/api-client';
import { USER_QUERY_KEY } from '@web/lib/query-client';
import { serverSaysGuest, useHydrated } from '@web/lib/hydration';

export { USER_QUERY_KEY };

/** The cached session: the server's `{ user }` body, or null for a visitor. */
export type SessionData = { user: PublicUser } | null;

// GET /api/auth/user; a 401 (or any failure) reads as "no user" (docs/product/spec-part-1.md §7/§8).
const sessionQuery = {
  queryKey: USER_QUERY_KEY,
  queryFn: async ({ signal }: QueryFunctionContext): Promise<SessionData> => {
    try {
      return await call(authApi.user, { signal });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      console.warn('Could not read the session', error);
      return null;
    }
  },
};

/**
 * Starts the session read before the first render, so it is on the wire while the app boots. When the
 * server already read no session for this page load it says so in the HTML, and there is nothing to
 * ask: a visitor's page makes no request that answers 401 (issue 23, a console error on every guest page).
 */
export function prefetchSession(client: QueryClient): void {
  if (serverSaysGuest()) client.setQueryData<SessionData>(USER_QUERY_KEY, null);
  else void client.prefetchQuery(sessionQuery);
}

/** Settles once the session read has answered (a failure reads as no user, as in the query itself). */
export function sessionRead(client: QueryClient): Promise<unknown> {
  return client.ensureQueryData(sessionQuery).catch(() => null);
}

/**
 * The signed-in user, or null for a visitor (and while the session is being read). While a page the
 * server sent as HTML hydrates, this is the visitor the server drew it for (the server sends that HTML
 * only when it read no session).
 */
export function useUser() {
  const query = useQuery(sessionQuery);
  const hydrated = useHydrated();
  return {
    user: hydrated ? (query.data?.user ?? null) : null,
    isLoading: hydrated ? query.isPending : false,
    refetch: query.refetch,
  };
}

// Set while a sign-out is under way, so guards send the person to / (not /login) as the
// session disappears under the page they are leaving.
let signedOutAt = 0;
const SIGN_OUT_WINDOW_MS = 5000;

export function recentlySignedOut(): boolean {
  return Date.now() - signedOutAt < SIGN_OUT_WINDOW_MS;
}

export function setSessionUser(client: QueryClient, user: PublicUser | null): void {
  if (user) signedOutAt = 0;
  const data: SessionData = user ? { user } : null;
  client.setQueryData<SessionData>(USER_QUERY_KEY, () => data);
}

export function refetchUser(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: USER_QUERY_KEY });
}

// Spec part 1 §9: generator keys are suffixed with the user id, so match on the prefix.
const GENERATOR_KEY_PREFIXES = ['generatorFormData', 'generatedImages', 'selectedSize', 'hdEnabled'];

export function clearGeneratorStorage(): void {
  try {
    const doomed: string[] = [];
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      if (key && GENERATOR_KEY_PREFIXES.some((prefix) => key.startsWith(prefix))) doomed.push(key);
    }
    for (const key of doomed) localStorage.removeItem(key);
  } catch {
    // Storage unavailable: nothing was stored either.
  }
}

/** Clears every cached read and stored generator data, leaving a known "visitor" session. */
export function endSessionLocally(client: QueryClient): void {
  signedOutAt = Date.now();
  clearGeneratorStorage();
  // Everything but the session entry goes; the session is set to "visitor" in place so that
  // mounted components see the change instead of holding on to a removed query.
  client.removeQueries({ predicate: (query) => query.queryKey[0] !== USER_QUERY_KEY[0] });
  setSessionUser(client, null);
}
