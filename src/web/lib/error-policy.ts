import type { Mutation, Query } from '@tanstack/react-query';
import { toast } from '@web/components/ui/use-toast';
import { ApiError, errorText } from './api';
import { isAuthPath } from './api-client';

/**
 * What a query or mutation tells the error policy (docs/decisions/066-one-error-policy.md). Most
 * say nothing: a failed mutation then shows the server's message in a red toast titled "Error".
 */
export type ErrorPolicyMeta = {
  /** The toast's title, where the spec names this failure ("Login failed", "Update failed"). */
  errorTitle?: string;
  /** The toast's text when the answer brought none of its own (the spec's fallback for the screen). */
  errorFallback?: string;
  /** Words before the text, where the spec says "Failed to add note: {message}". */
  errorPrefix?: string;
  /**
   * `false`: the screen says this failure itself (inline, or in a toast that adds something).
   * `'unless-fields'`: a form that puts a 400's `fields` beside its inputs; other failures toast.
   */
  errorToast?: false | 'unless-fields';
};

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: ErrorPolicyMeta;
    mutationMeta: ErrorPolicyMeta;
  }
}

const DEFAULT_MUTATION_TITLE = 'Error';
const DEFAULT_REFRESH_TITLE = 'Refresh failed';

/** A 401 outside the auth endpoints: the session ended (expired, suspended, signed out elsewhere). */
export function sessionEnded(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && !isAuthPath(error.path);
}

function say(meta: ErrorPolicyMeta | undefined, defaultTitle: string, error: unknown): void {
  const text = errorText(error, meta?.errorFallback);
  toast({
    variant: 'destructive',
    title: meta?.errorTitle ?? defaultTitle,
    description: meta?.errorPrefix ? `${meta.errorPrefix}${text}` : text,
  });
}

function saysItself(meta: ErrorPolicyMeta | undefined, error: unknown): boolean {
  if (meta?.errorToast === false) return true;
  return meta?.errorToast === 'unless-fields' && error instanceof ApiError && !!error.fields;
}

/**
 * A failed mutation, said once. Also when the session ended: the route guard then sends the person
 * to /login (query-client.ts), but the action they took failed and they are told so.
 */
export function toastMutationError(error: unknown, mutation: Mutation<unknown, unknown, unknown>): void {
  const meta = mutation.options.meta;
  if (saysItself(meta, error)) return;
  say(meta, DEFAULT_MUTATION_TITLE, error);
}

/** Queries whose last read failed and said so: an outage is told once, not on every poll. */
const toldFailing = new WeakSet<Query<unknown, unknown, unknown>>();

export function forgetQueryFailure(query: Query<unknown, unknown, unknown>): void {
  toldFailing.delete(query);
}

/** A failed read: told only when it was a background read of data already on the screen. */
export function toastQueryError(error: unknown, query: Query<unknown, unknown, unknown>): void {
  // the guard sends the person to /login; a read they did not ask for needs no words
  if (sessionEnded(error)) return;
  // A first read that fails is shown by the page itself (its error state). Only a read of data
  // already on the screen fails silently, so only that one is told, once per outage. Loading more
  // of a list is the list's own business: it says so at the end of the list.
  if (query.state.data === undefined) return;
  const fetchMore = (query.state.fetchMeta as { fetchMore?: unknown } | null)?.fetchMore;
  if (fetchMore) return;
  const meta = query.meta;
  if (saysItself(meta, error) || toldFailing.has(query)) return;
  toldFailing.add(query);
  say(meta, DEFAULT_REFRESH_TITLE, error);
}
