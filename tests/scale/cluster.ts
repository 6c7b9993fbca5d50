// A real deployment on one machine, for the kill test (tests/scale/kill.test.ts) and the scale bench
// (bench/scale.ts): PostgreSQL, an S3 server (s3rver), web and worker processes started the way the
// README's "Running on PostgreSQL and at scale" section says, and a round-robin proxy in front.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../src/server/test/free-port';
import { createServerDatabase } from '../../src/server/test/server-database';
import { until } from '../../src/server/test/until';
import { startProxy, type Proxy } from './proxy';

export { CLIENT_ADDRESS_HEADER, startProxy, UPSTREAM_HEADER, type Proxy, type ProxiedRequest } from './proxy';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const ADMIN = { username: 'scale_admin', password: 'Harbor-Lamp-42', email: 'scale@example.com' };

export { freePort };

/**
 * A throwaway PostgreSQL cluster like `.ci/run` starts (as user postgres, in /tmp, fsync off), for a
 * bench run without a database URL. Null when the binaries are missing or we may not switch users.
 */
export async function startThrowawayPostgres(): Promise<{ url: string; stop: () => void } | null> {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base) || process.getuid?.() !== 0) return null;
  const versions = readdirSync(base).filter((v) => existsSync(path.join(base, v, 'bin/initdb')));
  if (versions.length === 0) return null;
  const bin = path.join(base, versions.includes('15') ? '15' : versions.sort().at(-1)!, 'bin');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lora-pg-'));
  const port = await freePort();
  const su = (cmd: string) => spawnSync('su', ['postgres', '-c', cmd], { stdio: 'ignore' }).status === 0;
  spawnSync('chown', ['postgres:postgres', dir]);
  const ok =
    su(`${bin}/initdb -D ${dir}/data -A trust -U postgres`) &&
    su(
      `${bin}/pg_ctl -D ${dir}/data -o '-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off' -l ${dir}/log -w start`,
    );
  if (!ok) {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      su(`${bin}/pg_ctl -D ${dir}/data -m fast stop`);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A fresh database on the server named by `url` (one per run), dropped by `drop`. */
export async function freshDatabase(url: string, prefix = 'scale') {
  return createServerDatabase(url, `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 16)}`);
}

async function waitForLine(proc: ChildProcess, pattern: RegExp, timeoutMs: number) {
  let buf = '';
  let exited: string | undefined;
  const onData = (d: Buffer) => (buf += d.toString());
  const onExit = (code: number | null) =>
    (exited = `exited with ${code} before ${pattern}: ${buf.slice(-2000)}`);
  proc.stdout?.on('data', onData);
  proc.once('exit', onExit);
  try {
    return await until(
      () => {
        const m = buf.match(pattern);
        if (!m && exited) throw new Error(exited);
        return m;
      },
      () => `${pattern}: ${buf.slice(-2000)}`,
      timeoutMs,
    );
  } finally {
    proc.stdout?.off('data', onData);
    proc.off('exit', onExit);
  }
}

export type S3Server = {
  env: Record<string, string>;
  /** times s3rver crashed and was started again */
  restarts: () => number;
  stop: () => Promise<void>;
};

/**
 * s3rver (npm) on a loopback port, as its own process, with one bucket. s3rver can crash on a race
 * of its own (a put into a directory its delete of another key is removing: ENOENT, unhandled), so,
 * like a replicated object store, it is started again at once on the same port and directory; what
 * it stored stays on disk.
 */
export async function startS3rver(dir: string, logFile: string): Promise<S3Server> {
  mkdirSync(dir, { recursive: true });
  const bucket = 'lora-scale';
  let port = 0;
  let proc: ChildProcess;
  let stopping = false;
  let restarts = 0;
  const launch = async () => {
    proc = spawn(
      process.execPath,
      [
        path.join(root, 'node_modules/s3rver/bin/s3rver.js'),
        ...['-d', dir, '-a', '127.0.0.1', '-p', String(port), '--silent'],
        ...['--configure-bucket', bucket],
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const log = (d: Buffer) => appendFileSync(logFile, d);
    proc.stdout?.on('data', log);
    proc.stderr?.on('data', log);
    proc.on('exit', (code, signal) => {
      appendFileSync(logFile, `s3rver exited: ${code ?? signal}\n`);
      if (stopping) return;
      restarts++;
      launch().catch((err) => appendFileSync(logFile, `s3rver restart failed: ${err}\n`));
    });
    const m = await waitForLine(proc, /listening on [^:]+:(\d+)/, 20_000);
    port = Number(m[1]);
  };
  await launch();
  return {
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      // s3rver's fixed development credentials
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    restarts: () => restarts,
    stop: async () => {
      stopping = true;
      const p = proc;
      p.kill('SIGTERM');
      await new Promise((r) => (p.exitCode !== null || p.signalCode !== null ? r(null) : p.once('exit', r)));
    },
  };
}

export type Role = 'web' | 'worker';

/**
 * One server process (`node dist/server/main.js --role=…`, the built server the README runs in
 * production), restartable under its name. Through tsx each of the six starts of the kill test compiled
 * the sources again, on a CI machine whose other lane runs three browsers.
 */
export class Instance {
  proc: ChildProcess | null = null;
  readonly port: number | null;
  /** when this instance was last SIGKILLed (ms since epoch) */
  killedAt: number | null = null;
  constructor(
    readonly name: string,
    readonly role: Role,
    port: number | null,
    private readonly env: Record<string, string>,
    private readonly logFile: string,
  ) {
    this.port = port;
  }

  get pid() {
    return this.proc?.pid ?? null;
  }

  async start(timeoutMs = 90_000) {
    const env: Record<string, string> = { ...(process.env as Record<string, string>), ...this.env };
    // vitest's own variables must not leak into the servers
    for (const k of Object.keys(env)) if (k.startsWith('VITEST') || k === 'TEST') delete env[k];
    if (this.port !== null) env.PORT = String(this.port);
    const entry = path.join(root, 'dist/server/main.js');
    const proc = spawn(process.execPath, ['--enable-source-maps', entry, `--role=${this.role}`], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.proc = proc;
    const log = (d: Buffer) => appendFileSync(this.logFile, d);
    proc.stdout?.on('data', log);
    proc.stderr?.on('data', log);
    await waitForLine(
      proc,
      this.role === 'web' ? /LoRA Studio is running at/ : /LoRA Studio worker started/,
      timeoutMs,
    );
    if (this.role === 'web') await waitHttp(`http://127.0.0.1:${this.port}/api/readyz`, timeoutMs);
  }

  /** SIGKILL; resolves once the process is gone (its sockets close only then) with the time it died */
  async kill(): Promise<number> {
    const proc = this.proc;
    this.killedAt = Date.now();
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return this.killedAt;
    const exited = new Promise<number>((r) => proc.once('exit', () => r(Date.now())));
    proc.kill('SIGKILL');
    return exited;
  }

  /** SIGTERM (the graceful stop) and wait for the exit. */
  async stop() {
    const proc = this.proc;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    proc.kill('SIGTERM');
    const gone = () => proc.exitCode !== null || proc.signalCode !== null;
    await until(gone, `${this.name} to stop`, 30_000, 50).catch(() => {});
    if (!gone()) proc.kill('SIGKILL');
  }
}

async function waitHttp(url: string, timeoutMs: number) {
  // not listening yet: a refused connection is a no
  await until(async () => (await fetch(url).catch(() => null))?.ok, `${url} to be ready`, timeoutMs, 200);
}

export type ClusterOptions = {
  databaseUrl: string;
  web: number;
  workers: number;
  /** 's3' (s3rver) or 'disk' (one local directory shared by every process) */
  storage: 's3' | 'disk';
  /** extra environment for every process */
  env?: Record<string, string>;
  keepAlive?: boolean;
};

export type Cluster = {
  proxy: Proxy;
  web: Instance[];
  workers: Instance[];
  env: Record<string, string>;
  dir: string;
  /** the S3 server, when storage is 's3' */
  s3: S3Server | null;
  /** starts another worker (the bench grows the pool) */
  addWorker: () => Promise<Instance>;
  /** stops everything; keepLogs leaves the processes' logs in `dir`/logs */
  stop: (o?: { keepLogs?: boolean }) => Promise<void>;
};

/**
 * Starts the deployment: the first web instance alone (it applies the migrations and seeds the
 * catalogue), then the other web instances and the workers together, then the proxy over the web
 * instances.
 */
export async function startCluster(o: ClusterOptions): Promise<Cluster> {
  // the built server, made or refreshed in a child process as `npm start` does
  const built = spawnSync(
    process.execPath,
    ['-e', "import('./scripts/start.mjs').then((m) => m.ensureServerBuild({ quiet: true }))"],
    { cwd: root, stdio: 'inherit' },
  );
  if (built.status !== 0) throw new Error('could not build the server (scripts/build-server.mjs)');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lora-scale-'));
  const logs = path.join(dir, 'logs');
  mkdirSync(logs, { recursive: true });
  const s3 =
    o.storage === 's3' ? await startS3rver(path.join(dir, 's3'), path.join(logs, 's3rver.log')) : null;
  const proxy = await startProxy({ keepAlive: o.keepAlive });
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PUBLIC_URL: proxy.url,
    DATABASE_URL: o.databaseUrl,
    // with S3 nothing is written here but the session secret, which is set anyway
    DATA_DIR: path.join(dir, 'data'),
    SESSION_SECRET: 'scale-test-secret-scale-test-secret-0123456789',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_EMAIL: ADMIN.email,
    // the kill test drives admin routes with the password alone; the second factor is tested elsewhere
    ADMIN_2FA: 'optional',
    OFFLINE_TRAIN_SECONDS: '2',
    OFFLINE_HOST_SECONDS: '1',
    // only the proxy (loopback) may set X-Forwarded-For
    TRUST_PROXY: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ...(s3?.env ?? {}),
    ...(o.env ?? {}),
  };
  const web: Instance[] = [];
  for (let i = 0; i < o.web; i++)
    web.push(new Instance(`web-${i + 1}`, 'web', await freePort(), env, path.join(logs, `web-${i + 1}.log`)));
  const workers: Instance[] = [];
  const addWorker = async () => {
    const n = workers.length + 1;
    const w = new Instance(`worker-${n}`, 'worker', null, env, path.join(logs, `worker-${n}.log`));
    workers.push(w);
    await w.start();
    return w;
  };
  const stop = async (so: { keepLogs?: boolean } = {}) => {
    await Promise.all([...web, ...workers].map((i) => i.stop()));
    await proxy.close();
    await s3?.stop();
    if (so.keepLogs) {
      rmSync(path.join(dir, 's3'), { recursive: true, force: true });
      console.log(`scale: process logs kept in ${logs}`);
    } else rmSync(dir, { recursive: true, force: true });
  };
  try {
    await web[0].start();
    await Promise.all([
      ...web.slice(1).map((w) => w.start()),
      ...Array.from({ length: o.workers }, addWorker),
    ]);
  } catch (err) {
    await stop().catch(() => {});
    throw err;
  }
  proxy.setUpstreams(web.map((w) => ({ name: w.name, port: w.port! })));
  // wait until the health check has seen every web instance
  await until(
    async () => (await fetch(`${proxy.url}/api/healthz`).catch(() => null))?.ok,
    'the proxy to see a web instance',
    10_000,
    100,
  ).catch(() => {}); // as before: the load's own requests then tell
  return { proxy, web, workers, env, dir, s3, addWorker, stop };
}
