import { EngineError } from '../engine-error';

// Runware's REST contract: POST a JSON array of tasks with a Bearer key; successes come in data[],
// failures in errors[] ({code, message, parameter?, taskUUID?}), both possibly in one answer. A polled
// task reports status processing|success|error, an error item carrying its own `error` object.
export type RunwareError = {
  code?: string;
  message?: string;
  parameter?: string | string[];
  taskUUID?: string;
  taskType?: string;
};
export type RunwareItem = { taskType?: string; taskUUID?: string; status?: string; error?: RunwareError };
export type RunwareReply<T> = { data: T[]; errors: RunwareError[] };

export const RUNWARE_DEFAULT_URL = 'https://api.runware.ai/v1';

/**
 * How long Runware keeps the images it made for us at their URLs (the `ttl` of an image task,
 * runware-typescript src/types/task-map.ts; at least 60). They are pictures of a person, and we copy
 * each into our own storage the moment its task succeeds; the hour covers a job that crashed after
 * the task began and is taken up again (its lease, its retries' backoff) and adopts the paid-for
 * result. Without it Runware's own retention applies, and an account's deletion could not reach that
 * copy (docs/decisions/026-account-deletion.md).
 */
export const RUNWARE_RESULT_TTL_SECONDS = 3600;
const RETRYABLE_STATUS = new Set([408, 425, 429, 500, 502, 503, 504]);
const SERVER_CODES = new Set([
  'internalServerError',
  'serviceUnavailable',
  'serverUnavailable',
  'serverError',
  'standardError',
  'unknownError',
]);
const PROVIDER_CODES = new Set([
  'inferenceError',
  'processingFailed',
  'taskFailed',
  'noAvailableServer',
  'modelUnavailable',
  'modelNotReady',
  'providerError',
]);

/** Whether Runware's error code names a passing condition (capacity, rate limit, timeout, provider, server). */
export function isTransientCode(code: string | undefined): boolean {
  if (!code) return false;
  return (
    code.includes('RateLimit') ||
    code === 'rateLimitExceeded' ||
    /timeout|capacity/i.test(code) ||
    SERVER_CODES.has(code) ||
    PROVIDER_CODES.has(code) ||
    code.startsWith('provider')
  );
}

export type RunwareClientOptions = {
  apiKey: string;
  baseUrl?: string;
  timeoutMs?: number;
  /** how often a refusal of the whole request (no taskUUID: it was not accepted) is tried again */
  retries?: number;
  sleep?: (ms: number) => Promise<void>;
};

const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const backoffMs = (attempt: number) => Math.min(30_000, 500 * 2 ** attempt);

/** The longest one runwareRequest can take: every try at its timeout plus the waits between them. */
export function requestBudgetMs(timeoutMs: number, retries = 3) {
  let ms = (retries + 1) * timeoutMs;
  for (let i = 0; i < retries; i++) ms += backoffMs(i);
  return ms;
}

/** An error for one of our tasks, with the vendor's own message kept. */
export function taskError(err: RunwareError, fallback: string): EngineError {
  return new EngineError(err.message?.trim() || fallback, isTransientCode(err.code), undefined, err.code);
}

/**
 * One request, with the documented error mapping. A refusal of the request as a whole (HTTP 429/5xx,
 * or an errors[] item without a taskUUID and a passing code) means nothing was accepted, so it is
 * sent again with backoff instead of failing the step. Errors of single tasks are returned, with the
 * error items of polled tasks moved into `errors`.
 */
export async function runwareRequest<T>(
  opts: RunwareClientOptions,
  tasks: object[],
): Promise<RunwareReply<T>> {
  const retries = opts.retries ?? 3;
  const sleep = opts.sleep ?? wait;
  for (let attempt = 0; ; attempt++) {
    const again = async (err: EngineError) => {
      if (attempt >= retries) throw err;
      await sleep(backoffMs(attempt));
    };
    let res: Response;
    try {
      res = await fetch(opts.baseUrl ?? RUNWARE_DEFAULT_URL, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${opts.apiKey}` },
        body: JSON.stringify(tasks),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 120_000),
      });
    } catch (err) {
      // the request may have been accepted: the caller decides (a job adopts the task on its next run)
      const name = (err as Error)?.name;
      if (name === 'TimeoutError' || name === 'AbortError')
        throw new EngineError('The image provider did not answer in time', true, undefined, 'timeout');
      throw new EngineError('Could not reach the image provider', true, undefined, 'network');
    }
    type Body = { data?: unknown[]; errors?: RunwareError[] };
    const body: Body | null = await res.json().then(
      (j: unknown) => (j && typeof j === 'object' ? (j as Body) : null),
      () => null,
    );
    const errors = Array.isArray(body?.errors) ? body.errors : [];
    const requestLevel = errors.find((e) => !e.taskUUID);
    if (res.status === 401 || res.status === 403) {
      throw new EngineError(
        'The image provider refused our API key',
        false,
        res.status,
        requestLevel?.code ?? errors[0]?.code ?? 'unauthorized',
      );
    }
    // an answer that refuses the request as a whole (nothing was accepted); task errors are returned
    if (!res.ok && (!body || errors.length === 0 || requestLevel || RETRYABLE_STATUS.has(res.status))) {
      const first = requestLevel ?? errors[0];
      const err = new EngineError(
        first?.message ?? `The image provider answered ${res.status}`,
        RETRYABLE_STATUS.has(res.status) || isTransientCode(first?.code),
        res.status,
        first?.code,
      );
      if (!err.retryable) throw err;
      await again(err);
      continue;
    }
    if (!body)
      throw new EngineError('The image provider sent an unreadable answer', true, res.status, 'badResponse');
    if (requestLevel && !body.data?.length) {
      const err = new EngineError(
        requestLevel.message ?? 'The image provider refused the request',
        isTransientCode(requestLevel.code),
        res.status,
        requestLevel.code,
      );
      if (!err.retryable) throw err;
      await again(err);
      continue;
    }
    const data: T[] = [];
    for (const item of (body.data ?? []) as (T & RunwareItem)[]) {
      if (item?.status === 'error')
        errors.push({ ...(item.error ?? {}), taskUUID: item.taskUUID, taskType: item.taskType });
      else data.push(item);
    }
    return { data, errors };
  }
}

/** Results are copied at once: vendor URLs expire. They are public: no credentials go with them. */
export async function download(url: string, timeoutMs = 60_000): Promise<Buffer> {
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  } catch {
    throw new EngineError('Could not download a generated image', true, undefined, 'download');
  }
  if (!res.ok)
    throw new EngineError(
      `Downloading a generated image failed (${res.status})`,
      RETRYABLE_STATUS.has(res.status),
      res.status,
      'download',
    );
  return Buffer.from(await res.arrayBuffer());
}
