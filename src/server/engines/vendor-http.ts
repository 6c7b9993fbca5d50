import { EngineError } from './engine-error';

export type VendorRequest = {
  vendor: string;
  url: string;
  method?: 'GET' | 'POST' | 'DELETE';
  headers?: Record<string, string>;
  body?: unknown;
  /** GETs (and idempotent POSTs such as Runware polls) retry on 5xx too; others only on 429 */
  idempotent?: boolean;
  timeoutMs?: number;
  attempts?: number;
  sleep?: (ms: number) => Promise<void>;
};

const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function describe(vendor: string, status: number, text: string) {
  let detail = text.slice(0, 500);
  try {
    const j = JSON.parse(text);
    detail = j.detail ?? j.title ?? j.errors?.[0]?.message ?? j.error ?? detail;
  } catch {
    // not JSON
  }
  if (status === 401 || status === 403) return `${vendor} rejected the API credentials (${status})`;
  return `${vendor} answered ${status}: ${typeof detail === 'string' ? detail : JSON.stringify(detail)}`;
}

/** Retry-After in seconds or as an HTTP date (both are allowed), capped at a minute; null when absent. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now;
  return Number.isFinite(ms) && ms > 0 ? Math.min(ms, 60_000) : null;
}

/**
 * JSON over fetch with a timeout, retries on 429 (honouring Retry-After) and on 5xx/network errors
 * for idempotent calls, exponential backoff from 500 ms. Throws EngineError.
 */
export async function vendorJson<T>(req: VendorRequest): Promise<T> {
  const attempts = req.attempts ?? 4;
  const sleep = req.sleep ?? wait;
  const method = req.method ?? 'GET';
  const idempotent = req.idempotent ?? method === 'GET';
  let lastError: EngineError | undefined;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    let res: Response;
    try {
      res = await fetch(req.url, {
        method,
        headers: {
          Accept: 'application/json',
          ...(req.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
          ...req.headers,
        },
        body: req.body !== undefined ? JSON.stringify(req.body) : undefined,
        signal: AbortSignal.timeout(req.timeoutMs ?? 30_000),
      });
    } catch (err) {
      const timedOut = (err as Error)?.name === 'TimeoutError';
      lastError = new EngineError(`${req.vendor} ${timedOut ? 'timed out' : 'could not be reached'}`, true);
      if (!idempotent || attempt === attempts) throw lastError;
      await sleep(500 * 2 ** (attempt - 1));
      continue;
    }
    const text = await res.text();
    if (res.ok) {
      try {
        return (text ? JSON.parse(text) : {}) as T;
      } catch {
        throw new EngineError(`${req.vendor} answered with invalid JSON`, true, res.status);
      }
    }
    const retryable = res.status === 429 || res.status >= 500;
    const header = res.headers.get('retry-after');
    const wait = retryAfterMs(header);
    // the full wait the vendor asked for (uncapped), for the caller's own backoff
    const asked = header
      ? Number.isFinite(Number(header))
        ? Number(header) * 1000
        : Date.parse(header) - Date.now()
      : NaN;
    lastError = new EngineError(
      describe(req.vendor, res.status, text),
      retryable,
      res.status,
      undefined,
      asked > 0 ? asked : undefined,
    );
    const mayRetry = res.status === 429 || (idempotent && res.status >= 500);
    // a wait longer than we sleep inline goes back to the job, which reschedules itself that late
    if (!mayRetry || attempt === attempts || (asked > 0 && asked > (wait ?? 0))) throw lastError;
    await sleep(wait ?? 500 * 2 ** (attempt - 1));
  }
  throw lastError ?? new EngineError(`${req.vendor} failed`, true);
}

/** Downloads a file (vendor output) with a timeout; throws EngineError. */
export async function vendorDownload(
  vendor: string,
  url: string,
  headers: Record<string, string> = {},
  timeoutMs = 10 * 60_000,
): Promise<Buffer> {
  let res: Response;
  try {
    res = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
  } catch {
    throw new EngineError(`${vendor} download could not be completed`, true);
  }
  if (!res.ok)
    throw new EngineError(
      `${vendor} download answered ${res.status}`,
      res.status === 429 || res.status >= 500,
      res.status,
    );
  return Buffer.from(await res.arrayBuffer());
}
