// A simulated browser for the kill test: a cookie jar, its own client address, and a record of
// every request it made (when, which instance answered, how it ended).
import { CLIENT_ADDRESS_HEADER, UPSTREAM_HEADER } from './cluster';

export type ClientRecord = {
  client: string;
  method: string;
  url: string;
  start: number;
  end: number;
  /** null when no HTTP answer came back at all */
  status: number | null;
  upstream: string | null;
  error?: string;
};

export type Reply = { status: number | null; body: any; upstream: string | null };

/** A failure the client saw: no answer, or a server-side error. */
export const isFailure = (r: { status: number | null }) => r.status === null || r.status >= 500;

export class SimClient {
  cookie: string | undefined;
  constructor(
    readonly baseUrl: string,
    readonly name: string,
    readonly address: string,
    readonly records: ClientRecord[],
  ) {}

  async request(
    method: string,
    url: string,
    body?: unknown,
    opts: { contentType?: string; timeoutMs?: number } = {},
  ): Promise<Reply> {
    const headers: Record<string, string> = { [CLIENT_ADDRESS_HEADER]: this.address };
    if (this.cookie) headers.cookie = this.cookie;
    let payload: BodyInit | undefined;
    if (Buffer.isBuffer(body)) {
      payload = new Uint8Array(body);
      headers['content-type'] = opts.contentType ?? 'application/octet-stream';
    } else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    const rec: ClientRecord = {
      client: this.name,
      method,
      url,
      start: Date.now(),
      end: 0,
      status: null,
      upstream: null,
    };
    try {
      const res = await fetch(`${this.baseUrl}${url}`, {
        method,
        headers,
        body: payload,
        signal: AbortSignal.timeout(opts.timeoutMs ?? 150_000),
      });
      const text = await res.text();
      rec.status = res.status;
      rec.upstream = res.headers.get(UPSTREAM_HEADER);
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const [k, v] = pair.split('=');
        if (k === 'sid') this.cookie = v ? `sid=${v}` : undefined;
      }
      let parsed: any = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON (an image, the SPA)
      }
      return { status: res.status, body: parsed, upstream: rec.upstream };
    } catch (err) {
      rec.error = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
      return { status: null, body: null, upstream: null };
    } finally {
      rec.end = Date.now();
      this.records.push(rec);
    }
  }

  get(url: string) {
    return this.request('GET', url);
  }
  post(url: string, body?: unknown) {
    return this.request('POST', url, body ?? {});
  }
}
