/**
 * The one error every engine (training, hosting, images, vision, payments) throws. `retryable` ones
 * (rate limits, capacity, timeouts, 5xx, network) are tried again by the job with backoff; the others
 * fail the step at once. `code` is the vendor's or our short reason (`timeout`, `signature`, …).
 */
export class EngineError extends Error {
  constructor(
    message: string,
    public readonly retryable: boolean,
    public readonly status?: number,
    public readonly code?: string,
    /** the vendor said when to ask again (429 Retry-After): a retry must not come sooner */
    public readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'EngineError';
  }
}
