// The round-robin proxy in front of the kill test's web instances (cluster.ts starts it).
import http from 'node:http';
import net from 'node:net';

// The health check's period, as nginx keeps one: the simulated load balancer's own clock, not a test
// waiting for something (the tests wait on healthLog and inflight, through until()).
// eslint-disable-next-line no-restricted-globals
const healthPeriod = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One request as the proxy saw it: which instance served it, when, and how it ended. */
export type ProxiedRequest = {
  method: string;
  url: string;
  upstream: string;
  start: number;
  end: number;
  status: number | null;
  /** the upstream's connection broke after the request was sent (it died holding the request) */
  broken: boolean;
};

type Upstream = { name: string; port: number; up: boolean; fails: number };

export type Proxy = {
  port: number;
  url: string;
  log: ProxiedRequest[];
  /** every change of an upstream's health, with the readiness answer that changed it */
  healthLog: { upstream: string; up: boolean; at: number; detail: string }[];
  /** requests being served now, by upstream name */
  inflight: Map<string, number>;
  setUpstreams: (list: { name: string; port: number }[]) => void;
  close: () => Promise<void>;
};

/** The header a simulated client sends to say which address it connects from (the test's stand-in
 * for its socket address); the proxy turns it into X-Forwarded-For and drops it. */
export const CLIENT_ADDRESS_HEADER = 'x-test-client-address';
/** The response header naming the instance that served a request. */
export const UPSTREAM_HEADER = 'x-served-by';

/**
 * A tiny round-robin load balancer: health-checks each upstream's /api/readyz, sends each request
 * to the next healthy one, sets X-Forwarded-For, and answers 502 when an upstream dies holding a
 * request. A refused connection (the request never reached the app) is retried on the next
 * upstream, as nginx's proxy_next_upstream does. Connections are not kept alive by default, so a
 * killed instance cannot break a request it never received.
 */
export async function startProxy(opts: { keepAlive?: boolean; healthMs?: number } = {}): Promise<Proxy> {
  let upstreams: Upstream[] = [];
  let next = 0;
  const log: ProxiedRequest[] = [];
  const healthLog: { upstream: string; up: boolean; at: number; detail: string }[] = [];
  const inflight = new Map<string, number>();
  const agent = new http.Agent({ keepAlive: opts.keepAlive ?? false, maxSockets: 256 });
  let closed = false;

  const health = async () => {
    while (!closed) {
      await Promise.all(
        upstreams.map(async (u) => {
          let up = false;
          let detail = '';
          try {
            const res = await fetch(`http://127.0.0.1:${u.port}/api/readyz`, {
              signal: AbortSignal.timeout(5000),
            });
            up = res.ok;
            detail = `${res.status} ${(await res.text()).slice(0, 200)}`;
          } catch (err) {
            detail = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
          }
          // down after two failed checks in a row (one slow answer on a busy machine is not an outage);
          // a refused connection marks it down at once (below)
          u.fails = up ? 0 : u.fails + 1;
          const next = up || (u.up && u.fails < 2);
          if (next !== u.up) healthLog.push({ upstream: u.name, up: next, at: Date.now(), detail });
          u.up = next;
        }),
      );
      await healthPeriod(opts.healthMs ?? 1000);
    }
  };

  const pick = (exclude: Set<string>) => {
    let live = upstreams.filter((u) => u.up && !exclude.has(u.name));
    // none passes its health check: try them all rather than refuse (nginx does the same)
    if (live.length === 0) live = upstreams.filter((u) => !exclude.has(u.name));
    if (live.length === 0) return null;
    next = (next + 1) % live.length;
    return live[next];
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const headers = { ...req.headers };
      const client = headers[CLIENT_ADDRESS_HEADER];
      delete headers[CLIENT_ADDRESS_HEADER];
      headers['x-forwarded-for'] = typeof client === 'string' ? client : (req.socket.remoteAddress ?? '');
      headers['x-forwarded-proto'] = 'http';
      headers.connection = opts.keepAlive ? 'keep-alive' : 'close';
      const tried = new Set<string>();
      const attempt = () => {
        const u = pick(tried);
        if (!u) {
          res.writeHead(503, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: 'no upstream available' }));
          return;
        }
        tried.add(u.name);
        const entry: ProxiedRequest = {
          method: req.method ?? 'GET',
          url: req.url ?? '/',
          upstream: u.name,
          start: Date.now(),
          end: 0,
          status: null,
          broken: false,
        };
        let connected = false;
        inflight.set(u.name, (inflight.get(u.name) ?? 0) + 1);
        const done = () => {
          entry.end = Date.now();
          inflight.set(u.name, (inflight.get(u.name) ?? 1) - 1);
          log.push(entry);
        };
        const up = http.request(
          { host: '127.0.0.1', port: u.port, method: req.method, path: req.url, headers, agent },
          (ur) => {
            entry.status = ur.statusCode ?? 0;
            res.writeHead(ur.statusCode ?? 502, { ...ur.headers, [UPSTREAM_HEADER]: u.name });
            ur.pipe(res);
            ur.on('end', done);
            ur.on('error', () => {
              entry.broken = true;
              done();
              res.destroy();
            });
          },
        );
        up.on('socket', (s) => {
          // a kept-alive socket is connected already
          if (!s.connecting) connected = true;
          else s.once('connect', () => (connected = true));
        });
        up.on('error', (err: NodeJS.ErrnoException) => {
          if (entry.status !== null) return;
          if (!connected && err.code === 'ECONNREFUSED') {
            // never reached the app: mark it down and try the next one
            if (u.up) healthLog.push({ upstream: u.name, up: false, at: Date.now(), detail: 'refused' });
            u.up = false;
            inflight.set(u.name, (inflight.get(u.name) ?? 1) - 1);
            attempt();
            return;
          }
          entry.broken = true;
          entry.status = 502;
          done();
          res.writeHead(502, { 'content-type': 'application/json', [UPSTREAM_HEADER]: u.name });
          res.end(JSON.stringify({ error: `upstream ${u.name} failed: ${err.code ?? err.message}` }));
        });
        up.end(body);
      };
      attempt();
    });
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as net.AddressInfo).port;
  void health();
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    log,
    healthLog,
    inflight,
    setUpstreams: (list) => {
      upstreams = list.map((u) => ({ ...u, up: false, fails: 0 }));
    },
    close: async () => {
      closed = true;
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      agent.destroy();
    },
  };
}
