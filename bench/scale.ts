// Scale-out figures (issue 15 point 5): offline generations per minute with 1 and 2 worker processes,
// authenticated requests per second with 1 and 2 web instances behind the round-robin proxy. The
// deployment is the kill test's (tests/scale/cluster.ts): PostgreSQL, s3rver, real processes.
// PostgreSQL comes from BENCH_DATABASE_URL or TEST_DATABASE_URL, or a throwaway cluster as `.ci/run`
// starts one; without any, these figures are skipped. docs/operators/capacity.md reads them.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { openDatabase } from '../src/server/db/client';
import { users } from '../src/server/db/schema/index';
import { applyLedgerEntry } from '../src/server/modules/tokens/ledger.service';
import {
  freshDatabase,
  startCluster,
  startThrowawayPostgres,
  type Cluster,
  type Instance,
} from '../tests/scale/cluster';
import { SimClient } from '../tests/scale/sim-client';

/** closed-loop clients asking for generations while a figure is measured */
const GEN_CLIENTS = 16;
const GEN_WINDOW_MS = 30_000;
const HTTP_CONNECTIONS = 32;
const HTTP_SECONDS = 10;

/** CPU time (user + system) the processes have used so far, in ms (Linux /proc; 0 elsewhere). */
function cpuMs(pids: number[]) {
  let ticks = 0;
  for (const pid of pids) {
    try {
      // fields after the command name: state is field 3, utime 14, stime 15
      const after = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(after[11]) + Number(after[12]);
    } catch {
      // gone or not Linux
    }
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}

/** "502: 3, 503: 1" from per-status counts, summed; "none" when empty */
function statusCounts(...maps: Record<string, number>[]) {
  const sum: Record<string, number> = {};
  for (const m of maps) for (const [k, v] of Object.entries(m)) sum[k] = (sum[k] ?? 0) + v;
  return (
    Object.entries(sum)
      .map(([k, v]) => `${k}: ${v}`)
      .join(', ') || 'none'
  );
}

const pidsOf = (list: Instance[]) => list.map((i) => i.pid!).filter(Boolean);

let firstFailure = '';

async function generationsPerMinute(cluster: Cluster, clients: SimClient[], baseModelId: string) {
  // count only what finishes inside the window; the workers' CPU over it gives CPU per image
  const until = Date.now() + GEN_WINDOW_MS;
  let images = 0;
  const failed: Record<string, number> = {};
  const cpu0 = cpuMs(pidsOf(cluster.workers));
  const web0 = cpuMs(pidsOf(cluster.web));
  await Promise.all(
    clients.map(async (c, i) => {
      let n = 0;
      while (Date.now() < until) {
        const r = await c.post('/api/generate-image', {
          prompt: `a harbour at dawn, ${i}-${n++}`,
          baseModelId,
          count: 1,
          width: 512,
          height: 512,
        });
        if (r.status !== 200) {
          failed[String(r.status)] = (failed[String(r.status)] ?? 0) + 1;
          if (!firstFailure) firstFailure = JSON.stringify(r.body).slice(0, 300);
        } else if (Date.now() <= until) images += r.body.images.length;
      }
    }),
  );
  const minutes = GEN_WINDOW_MS / 60_000;
  const workerCpu = cpuMs(pidsOf(cluster.workers)) - cpu0;
  const webCpu = cpuMs(pidsOf(cluster.web)) - web0;
  return {
    perMinute: Math.round(images / minutes),
    failed,
    workerCpuPerImage: images ? Math.round(workerCpu / images) : 0,
    webCpuPerImage: images ? Math.round(webCpu / images) : 0,
  };
}

async function requestsPerSecond(cluster: Cluster, cookie: string, url = cluster.proxy.url) {
  const cpu0 = cpuMs(pidsOf(cluster.web));
  const result = await autocannon({
    url: `${url}/api/auth/user`,
    connections: HTTP_CONNECTIONS,
    duration: HTTP_SECONDS,
    headers: { cookie },
    // its own thread, so the proxy in this process is not starved by the load generator
    workers: 1,
  });
  const cpu = cpuMs(pidsOf(cluster.web)) - cpu0;
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    cpuPerRequest: result.requests.total ? Math.round((cpu / result.requests.total) * 100) / 100 : 0,
  };
}

async function waitUpstreams(cluster: Cluster, n: number) {
  const seen = new Set<string>();
  for (let i = 0; i < 200 && seen.size < n; i++) {
    const res = await fetch(`${cluster.proxy.url}/api/healthz`);
    const by = res.headers.get('x-served-by');
    if (by) seen.add(by);
  }
}

export async function run(): Promise<Record<string, number | string>> {
  const given = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
  const throwaway = given ? null : await startThrowawayPostgres();
  const serverUrl = given ?? throwaway?.url;
  if (!serverUrl) {
    const why =
      'PostgreSQL not available (set BENCH_DATABASE_URL, or run as root with PostgreSQL installed): scale figures skipped';
    console.log(`scale: ${why}`);
    return { skipped: why };
  }
  const db = await freshDatabase(serverUrl, 'bench');
  let cluster: Cluster | undefined;
  try {
    cluster = await startCluster({ databaseUrl: db.url, web: 2, workers: 1, storage: 's3', keepAlive: true });
    const database = await openDatabase({ url: db.url, poolSize: 2 });
    const clients: SimClient[] = [];
    for (let i = 0; i < GEN_CLIENTS; i++) {
      const c = new SimClient(cluster.proxy.url, `bench-${i}`, `10.30.0.${i + 1}`, []);
      const name = `bench_${i}_${randomUUID().slice(0, 6)}`;
      const r = await c.post('/api/auth/register', {
        username: name,
        email: `${name}@example.com`,
        password: 'Harbor-Lamp-42',
      });
      if (r.status !== 201) throw new Error(`register: ${r.status} ${JSON.stringify(r.body)}`);
      clients.push(c);
    }
    // tokens for the run, through the ledger like any grant
    const ids = (await database.db.select({ id: users.id }).from(users)).map((u) => u.id);
    for (const userId of ids)
      await database.db.transaction((tx) =>
        applyLedgerEntry(tx, {
          userId,
          type: 'admin_adjustment',
          amount: 100_000,
          idempotencyKey: `admin:bench:${randomUUID()}`,
          description: 'scale bench',
        }),
      );
    await database.close();
    const bases = (await clients[0].get('/api/base-models')).body as { id: string; tokenCost?: number }[];
    const baseModelId = bases[0].id;

    // HTTP first, while the one worker idles: 1 web instance behind the proxy, then 2
    cluster.proxy.setUpstreams([{ name: cluster.web[0].name, port: cluster.web[0].port! }]);
    await waitUpstreams(cluster, 1);
    const direct = await requestsPerSecond(
      cluster,
      clients[0].cookie!,
      `http://127.0.0.1:${cluster.web[0].port}`,
    );
    const web1 = await requestsPerSecond(cluster, clients[0].cookie!);
    cluster.proxy.setUpstreams(cluster.web.map((w) => ({ name: w.name, port: w.port! })));
    await waitUpstreams(cluster, 2);
    const web2 = await requestsPerSecond(cluster, clients[0].cookie!);

    const gen1 = await generationsPerMinute(cluster, clients, baseModelId);
    await cluster.addWorker();
    const gen2 = await generationsPerMinute(cluster, clients, baseModelId);

    return {
      cores: os.cpus().length,
      storage: 's3rver',
      'load average at the end (1 min)': Math.round(os.loadavg()[0] * 10) / 10,
      'GET /api/auth/user req/s, 1 web instance (direct)': direct.rps,
      'GET /api/auth/user p99 (ms), 1 web instance (direct)': direct.p99,
      'web CPU ms per GET /api/auth/user': direct.cpuPerRequest,
      'GET /api/auth/user req/s, 1 web instance (via proxy)': web1.rps,
      'GET /api/auth/user p99 (ms), 1 web instance': web1.p99,
      'GET /api/auth/user req/s, 2 web instances (via proxy)': web2.rps,
      'GET /api/auth/user p99 (ms), 2 web instances': web2.p99,
      'web scaling 2 vs 1 (x)': Math.round((web2.rps / Math.max(1, web1.rps)) * 100) / 100,
      'http errors': direct.errors + web1.errors + web2.errors,
      'offline generations/min (512px, 1 image), 1 worker': gen1.perMinute,
      'offline generations/min (512px, 1 image), 2 workers': gen2.perMinute,
      'worker scaling 2 vs 1 (x)': Math.round((gen2.perMinute / Math.max(1, gen1.perMinute)) * 100) / 100,
      'worker CPU ms per offline image': gen1.workerCpuPerImage,
      'web CPU ms per generation request': gen1.webCpuPerImage,
      'generation requests not answered 200 (status: count)': statusCounts(gen1.failed, gen2.failed),
      ...(firstFailure ? { 'first generation failure': firstFailure } : {}),
    };
  } finally {
    await cluster?.stop();
    await db.drop().catch(() => {});
    throwaway?.stop();
  }
}
