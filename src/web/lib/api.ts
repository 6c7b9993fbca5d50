import type { QueryFunction, QueryKey } from '@tanstack/react-query';
import { isErrorCode, type ErrorCode } from '@shared/error-codes';
import { ERROR_TEXTS, GENERIC_ERROR_TEXT } from '@shared/error-texts';

export type ApiFieldErrors = Record<string, string>;

export class ApiError extends Error {
  readonly status: number;
  /** the server's code (src/shared/error-codes.ts); undefined when the answer carried none we know */
  readonly code: ErrorCode | undefined;
  readonly fields: ApiFieldErrors | undefined;
  readonly body: unknown;
  /** The request path, for handlers that treat some endpoints differently. */
  readonly path: string | undefined;

  constructor(init: {
    status: number;
    message: string;
    code?: ErrorCode;
    fields?: ApiFieldErrors;
    body?: unknown;
    path?: string;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields;
    this.body = init.body;
    this.path = init.path;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The server's human message when there is one, else the caller's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const body = error.body as Record<string, unknown> | null | undefined;
    const serverText = body && typeof body === 'object' ? pickMessage(body) : undefined;
    return serverText ?? fallback;
  }
  return fallback;
}

/**
 * The words a failure is told to the person in (docs/decisions/066-one-error-policy.md): the
 * server's own message, which is the spec's text for the case; else the screen's fallback; else
 * the text of the error's code (src/shared/error-texts.ts); else one generic sentence, which is
 * also what a network failure or a proxy's error page (a 5xx without our body) reads as.
 */
export function errorText(error: unknown, fallback?: string): string {
  if (error instanceof ApiError) {
    const body = error.body as Record<string, unknown> | null | undefined;
    const serverText = body && typeof body === 'object' ? pickMessage(body) : undefined;
    if (serverText) return serverText;
    if (fallback) return fallback;
    return error.code ? ERROR_TEXTS[error.code] : GENERIC_ERROR_TEXT;
  }
  return fallback ?? GENERIC_ERROR_TEXT;
}

export type ApiFetchOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Serialised as the JSON body. */
  json?: unknown;
  /** Raw body (FormData for uploads); the browser sets its own Content-Type. */
  body?: BodyInit;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Sees the response headers of a successful call (paging cursors travel there). */
  onHeaders?: (headers: Headers) => void;
};

function pickMessage(body: Record<string, unknown>): string | undefined {
  for (const key of ['error', 'message', 'userMessage'] as const) {
    const value = body[key];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return undefined;
}

async function readBody(res: Response): Promise<{ data: unknown; text: string }> {
  const text = await res.text();
  if (!text) return { data: undefined, text };
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return { data: JSON.parse(text), text };
    } catch {
      return { data: undefined, text };
    }
  }
  return { data: text, text };
}

export async function apiFetch<T = unknown>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  const {
    method = options.json !== undefined || options.body !== undefined ? 'POST' : 'GET',
    json,
    body,
    signal,
  } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let requestBody: BodyInit | undefined = body;
  if (json !== undefined) {
    headers['Content-Type'] = 'application/json';
    requestBody = JSON.stringify(json);
  }

  const res = await fetch(path, { method, headers, body: requestBody, signal, credentials: 'include' });
  const { data, text } = await readBody(res);

  if (!res.ok) {
    const record = data && typeof data === 'object' ? (data as Record<string, unknown>) : undefined;
    // Spec part 1 §8: without a human message from the server the error reads "status: body text".
    const message = (record && pickMessage(record)) ?? `${res.status}: ${text || res.statusText}`;
    throw new ApiError({
      status: res.status,
      message,
      code: isErrorCode(record?.code) ? record.code : undefined,
      fields:
        record?.fields && typeof record.fields === 'object' ? (record.fields as ApiFieldErrors) : undefined,
      body: data ?? text,
      path,
    });
  }
  options.onHeaders?.(res.headers);
  return data as T;
}

type QueryParamValue = string | number | boolean | null | undefined;

/**
 * Spec part 1 §7: the first key entry is the path, a string (or number) entry adds a path segment,
 * an object entry becomes query parameters with null/undefined values left out.
 */
export function buildQueryPath(queryKey: QueryKey): string {
  const [first, ...rest] = queryKey;
  if (typeof first !== 'string') throw new Error('The first query key entry must be an API path');
  let path = first;
  const params = new URLSearchParams();
  for (const part of rest) {
    if (part == null) continue;
    if (typeof part === 'string' || typeof part === 'number') {
      path = `${path.replace(/\/+$/, '')}/${encodeURIComponent(String(part))}`;
    } else if (typeof part === 'object' && !Array.isArray(part)) {
      for (const [name, value] of Object.entries(
        part as Record<string, QueryParamValue | QueryParamValue[]>,
      )) {
        const values = Array.isArray(value) ? value : [value];
        for (const v of values) if (v != null) params.append(name, String(v));
      }
    }
  }
  const query = params.toString();
  return query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path;
}

export const defaultQueryFn: QueryFunction = ({ queryKey, signal }) =>
  apiFetch(buildQueryPath(queryKey), { signal });
