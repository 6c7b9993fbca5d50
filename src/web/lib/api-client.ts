import type { QueryFunctionContext, QueryKey } from '@tanstack/react-query';
import type { BodyOf, Endpoint, ParamsOf, QueryOf, ResponseOf } from '@shared/api/define';
import { apiFetch, buildQueryPath } from './api';

// The one way the browser calls the server (decision 032): a descriptor from src/shared/api/ names the
// method and the path, its 2xx schema names the answer's type. Types only: answers are not parsed
// here (the server already serialised them through that schema), which keeps zod off every page.

/** What a call sends, as the descriptor's schemas accept it; keys the route has none of are refused. */
export type CallInput<D extends Endpoint> = (ParamsOf<D> extends undefined
  ? { params?: undefined }
  : { params: ParamsOf<D> }) &
  (QueryOf<D> extends undefined ? { query?: undefined } : { query?: QueryOf<D> }) &
  (BodyOf<D> extends undefined ? { body?: undefined } : { body: BodyOf<D> }) &
  (D['multipart'] extends true ? { form: FormData } : { form?: undefined }) & {
    signal?: AbortSignal;
    /** sees the response headers of a successful call (paging cursors travel there) */
    onHeaders?: (headers: Headers) => void;
  };

type HasRequired<T> = Record<never, never> extends T ? false : true;
/** The input argument: optional when the route needs nothing from the caller. */
export type InputArg<D extends Endpoint> =
  HasRequired<CallInput<D>> extends true ? [input: CallInput<D>] : [input?: CallInput<D>];

type Loose = {
  params?: Record<string, string | number>;
  query?: object;
  body?: unknown;
  form?: FormData;
  signal?: AbortSignal;
  onHeaders?: (headers: Headers) => void;
};

function segmentsOf(descriptor: Endpoint, params: Loose['params']): (string | number)[] {
  return descriptor.path.split('/').map((part) => {
    if (!part.startsWith(':')) return part;
    const value = params?.[part.slice(1)];
    if (value === undefined) throw new Error(`${descriptor.path}: the parameter ${part} is missing`);
    return value;
  });
}

/**
 * The query key of a read: the path up to its first parameter, then each later segment, then the
 * query as a trailing object — `['/api/models', id, 'training-status']`. A key is a prefix of every
 * key under it, so invalidating a list's key refreshes its items too, and `buildQueryPath`
 * (lib/api.ts) turns the key back into the URL.
 */
export function keyOf<D extends Endpoint>(
  descriptor: D,
  input: { params?: ParamsOf<D>; query?: QueryOf<D> } = {},
): QueryKey {
  const segments = segmentsOf(descriptor, input.params as Loose['params']);
  const first = descriptor.path.split('/').findIndex((part) => part.startsWith(':'));
  const head =
    first < 0 ? [segments.join('/')] : [segments.slice(0, first).join('/'), ...segments.slice(first)];
  return input.query === undefined ? head : [...head, input.query];
}

/** Calls the route; resolves with the answer typed by the descriptor's 2xx schema, throws ApiError otherwise. */
export function call<D extends Endpoint>(descriptor: D, ...[input]: InputArg<D>): Promise<ResponseOf<D>> {
  const loose = (input ?? {}) as Loose;
  const path = buildQueryPath(
    keyOf(descriptor as Endpoint, { params: loose.params, query: loose.query } as never),
  );
  return apiFetch<ResponseOf<D>>(path, {
    method: descriptor.method,
    json: loose.body,
    body: loose.form,
    signal: loose.signal,
    onHeaders: loose.onHeaders,
  });
}

/** `useQuery` / `prefetchQuery` options for a read: its key and a query function typed by the descriptor. */
export function apiQuery<D extends Endpoint>(descriptor: D, ...[input]: InputArg<D>) {
  const loose = (input ?? {}) as Loose;
  return {
    queryKey: keyOf(descriptor as Endpoint, loose as never),
    queryFn: ({ signal }: QueryFunctionContext): Promise<ResponseOf<D>> =>
      (call as (d: D, i: Loose) => Promise<ResponseOf<D>>)(descriptor, { ...loose, signal }),
  };
}

/** True for a request path under /api/auth/ (a 401 there says nothing about the session). */
export function isAuthPath(path: string | undefined): boolean {
  return path?.startsWith('/api/auth/') ?? false;
}
