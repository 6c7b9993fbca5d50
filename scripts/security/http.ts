// A cookie-keeping HTTP client that refuses to talk to anything but this machine's loopback.

const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);

export function assertLoopback(url: string) {
  const host = new URL(url).hostname;
  if (!LOOPBACK.has(host)) throw new Error(`security runner: refusing to send a request to ${host}`);
}

export type Reply = { status: number; headers: Headers; text: string };

export type Session = {
  name: string;
  cookies: Map<string, string>;
  send: (
    method: string,
    path: string,
    body?: { payload: string | Buffer; contentType: string },
    headers?: Record<string, string>,
  ) => Promise<Reply>;
  json: (method: string, path: string, value?: unknown) => Promise<Reply>;
  cookieHeader: () => string;
};

export function createSession(baseUrl: string, name: string): Session {
  assertLoopback(baseUrl);
  const cookies = new Map<string, string>();
  const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const send: Session['send'] = async (method, path, body, extra = {}) => {
    const url = baseUrl + path;
    assertLoopback(url);
    const headers: Record<string, string> = { ...extra };
    if (cookies.size > 0) headers.cookie = cookieHeader();
    if (body) headers['content-type'] = body.contentType;
    const res = await fetch(url, {
      method,
      headers,
      body: body?.payload as BodyInit | undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(30_000),
    });
    for (const set of res.headers.getSetCookie()) {
      const [pair, ...attrs] = set.split(';');
      const eq = pair!.indexOf('=');
      const key = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /max-age=0|expires=thu, 01 jan 1970/i.test(a.trim()));
      if (!value || expired) cookies.delete(key);
      else cookies.set(key, value);
    }
    return { status: res.status, headers: res.headers, text: await res.text() };
  };
  return {
    name,
    cookies,
    send,
    json: (method, path, value) =>
      send(
        method,
        path,
        value === undefined ? undefined : { payload: JSON.stringify(value), contentType: 'application/json' },
      ),
    cookieHeader,
  };
}
