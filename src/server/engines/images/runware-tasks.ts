import { EngineError } from '../engine-error';

// providers.md B.1/B.7: POST a JSON array of tasks; successes in data[], failures in errors[].
export type RunwareError = { code?: string; message?: string; parameter?: string | string[]; taskUUID?: string };
export type RunwareResponse<T> = { data?: T[]; errors?: RunwareError[]; error?: unknown; errorMessage?: string };

export const RUNWARE_DEFAULT_URL = 'https://api.runware.ai/v1';
const RETRYABLE_STATUS = new Set([408, 425, 429, 500, 502, 503, 504]);
const RETRYABLE_CODES = new Set(['timeoutProvider', 'providerError', 'serverError', 'timeout']);

export type RunwareClientOptions = { apiKey: string; baseUrl?: string; timeoutMs?: number };

/** One REST round trip with the documented error mapping: 429/5xx/timeouts retryable, 4xx not. */
export async function runwareTasks<T>(opts: RunwareClientOptions, tasks: object[]): Promise<T[]> {
  let res: Response;
  try {
    res = await fetch(opts.baseUrl ?? RUNWARE_DEFAULT_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${opts.apiKey}` },
      body: JSON.stringify(tasks),
      signal: AbortSignal.timeout(opts.timeoutMs ?? 120_000),
    });
  } catch (err) {
    const name = (err as Error)?.name;
    if (name === 'TimeoutError' || name === 'AbortError') throw new EngineError('The image provider did not answer in time', true, undefined, 'timeout');
    throw new EngineError('Could not reach the image provider', true, undefined, 'network');
  }
  let body: RunwareResponse<T> | null = null;
  try {
    body = (await res.json()) as RunwareResponse<T>;
  } catch {
    body = null;
  }
  const first = body?.errors?.[0];
  if (!res.ok) {
    const message = first?.message ?? `The image provider answered ${res.status}`;
    if (res.status === 401 || res.status === 403) throw new EngineError('The image provider refused our API key', false, res.status, first?.code ?? 'unauthorized');
    throw new EngineError(message, RETRYABLE_STATUS.has(res.status), res.status, first?.code);
  }
  if (!body) throw new EngineError('The image provider sent an unreadable answer', true, res.status, 'badResponse');
  if ((!body.data || body.data.length === 0) && first) {
    throw new EngineError(first.message ?? 'The image provider reported an error', RETRYABLE_CODES.has(first.code ?? ''), res.status, first.code);
  }
  if (!body.data && body.error) throw new EngineError(String(body.errorMessage ?? 'The image provider reported an error'), false, res.status);
  return body.data ?? [];
}

/** Results are copied at once: vendor URLs expire (providers.md §0). */
export async function download(url: string, timeoutMs = 60_000): Promise<Buffer> {
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  } catch {
    throw new EngineError('Could not download a generated image', true, undefined, 'download');
  }
  if (!res.ok) throw new EngineError(`Downloading a generated image failed (${res.status})`, RETRYABLE_STATUS.has(res.status), res.status, 'download');
  return Buffer.from(await res.arrayBuffer());
}
