// The hot signed-in reads (issue 14) beside a bare Fastify route measured in the same run, on
// PostgreSQL 15 and on PGlite: GET /api/auth/user, the gallery's first page at 1k and (PostgreSQL
// only) 1M images, GET /api/transactions.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client';
import { freePort } from '../src/server/test/free-port';

const root = path.resolve(import.meta.dirname, '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const GALLERY_SMALL = 1_000;
const GALLERY_LARGE = Number(process.env.BENCH_GALLERY_ROWS ?? 1_000_000);
const PASSWORD = 'Harbor-Lamp-42';

type Cannon = { rps: number; p99: number; errors: number };

async function cannon(url: string, headers: Record<string, string> = {}): Promise<Cannon> {
  const result = await autocannon({ url, connections: 20, duration: SECONDS, headers });
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

type Proc = { url: string; proc: ChildProcess; stop: () => Promise<void> };

async function waitUp(url: string, proc: ChildProcess) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`${url}: process exited with ${proc.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

function stopper(proc: ChildProcess) {
  return async () => {
    if (proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise<void>((r) => proc.once('exit', () => r()));
    proc.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
  };
}

/** The ceiling: Fastify 5 answering {hello:'world'} in its own process, like the product. */
async function startBare(): Promise<Proc> {
  const port = await freePort();
  const code = `const f=require('fastify')();f.get('/',async()=>({hello:'world'}));f.listen({port:${port},host:'127.0.0.1'});`;
  const proc = spawn(process.execPath, ['-e', code], { cwd: root, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}/`;
  await waitUp(url, proc);
  return { url, proc, stop: stopper(proc) };
}

/** The real server (src/server/main.ts); `stop` keeps its data directory. */
async function startProduct(dataDir: string, databaseUrl: string): Promise<Proc> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      ADMIN_USERNAME: 'bench_admin',
      ADMIN_PASSWORD: PASSWORD,
      ADMIN_EMAIL: 'bench-admin@example.com',
      // the default level: the figures include what request logging costs
      LOG_LEVEL: 'info',
    },
    stdio: 'ignore',
  });
  await waitUp(`${url}/api/healthz`, proc);
  return { url, proc, stop: stopper(proc) };
}

/** BENCH_DATABASE_URL, or a throwaway PostgreSQL 15 cluster (as .ci/run starts one), or null. */
async function startPostgres(): Promise<{ url: string; stop: () => Promise<void> } | null> {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, stop: async () => {} };
  const bin = '/usr/lib/postgresql/15/bin';
  const asPostgres = process.getuid?.() === 0;
  const run = (cmd: string) =>
    spawnSync(asPostgres ? 'su' : 'sh', asPostgres ? ['postgres', '-c', cmd] : ['-c', cmd], {
      stdio: 'ignore',
    }).status === 0;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lora-bench-pg-'));
  if (asPostgres) spawnSync('chown', ['postgres:postgres', dir]);
  const port = await freePort();
  const ok =
    run(`${bin}/initdb -D ${dir}/data -A trust -U postgres`) &&
    run(
      `${bin}/pg_ctl -D ${dir}/data -o '-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off' -l ${dir}/log -w start`,
    );
  if (!ok) {
    await rm(dir, { recursive: true, force: true });
    return null;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: async () => {
      run(`${bin}/pg_ctl -D ${dir}/data -m fast stop`);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function register(url: string, username: string): Promise<{ cookie: string; id: string }> {
  const res = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, email: `${username}@example.com`, password: PASSWORD }),
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { user: { id: string } };
  return { cookie: (res.headers.get('set-cookie') ?? '').split(';')[0], id: body.user.id };
}

type Exec = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** Gallery rows straight in SQL (generate_series), newest first by a millisecond-spaced clock. */
async function insertImages(exec: Exec, userId: string, n: number, offset: number) {
  const { rows } = await exec(`select id from base_models order by id limit 1`);
  const baseModelId = rows[0].id as string;
  const chunk = 200_000;
  for (let from = 1; from <= n; from += chunk) {
    const to = Math.min(n, from + chunk - 1);
    await exec(
      `insert into generated_images (user_id, base_model_id, prompt, width, height, seed, tokens_used, is_nsfw, storage_key, thumb_key, created_at)
       select $1::uuid, $2::uuid, 'a portrait number ' || g, 512, 512, g, 15, false,
         'u/' || $1 || '/images/' || g || '.jpg', 'u/' || $1 || '/images/' || g || '.thumb.webp',
         date_trunc('milliseconds', now()) - ((g + $3::int) * interval '1 millisecond')
       from generate_series($4::int, $5::int) g`,
      [userId, baseModelId, offset, from, to],
    );
  }
  await exec('analyze generated_images');
}

const ratio = (x: number, bare: number) => Math.round((x / bare) * 1000) / 10;

/** Issue 14's goals for these reads, each checked against the figure measured beside it. */
function goals(out: Record<string, number | string>) {
  const check = (label: string, key: string, ok: (v: number) => boolean) => {
    const v = out[key];
    if (typeof v === 'number') out[`goal: ${label}`] = `${ok(v) ? 'met' : 'MISSED'} (${v})`;
  };
  check('PG auth/user ≥ 20 % of bare', 'PG: GET /api/auth/user % of bare', (v) => v >= 20);
  check('PGlite auth/user ≥ 6 % of bare', 'PGlite: GET /api/auth/user % of bare', (v) => v >= 6);
  check('PG gallery 1k ≥ 10 % of bare', 'PG: gallery first page, 1k images % of bare', (v) => v >= 10);
  check('PG gallery p99 1M ÷ 1k ≤ 2', 'PG: gallery p99 large ÷ p99 1k', (v) => v <= 2);
}

export async function run(): Promise<Record<string, number | string>> {
  const out: Record<string, number | string> = {};
  const record = (label: string, c: Cannon, bare: number) => {
    out[`${label} req/s`] = c.rps;
    out[`${label} p99 (ms)`] = c.p99;
    out[`${label} % of bare`] = ratio(c.rps, bare);
    if (c.errors) out[`${label} errors`] = c.errors;
  };

  // --- PostgreSQL 15
  const postgres = await startPostgres();
  if (!postgres) out['PostgreSQL'] = 'skipped: no BENCH_DATABASE_URL and no /usr/lib/postgresql/15 cluster';
  else {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lora-bench-hot-'));
    const product = await startProduct(dataDir, postgres.url);
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    const exec: Exec = (text, params) => client.query(text, params as unknown[]);
    try {
      const bare = await startBare();
      const bareRun = await cannon(bare.url);
      await bare.stop();
      out['PG: bare Fastify req/s'] = bareRun.rps;
      const user = await register(product.url, 'bench_hot');
      const headers = { cookie: user.cookie };
      record('PG: GET /api/healthz', await cannon(`${product.url}/api/healthz`), bareRun.rps);
      record('PG: GET /api/auth/user', await cannon(`${product.url}/api/auth/user`, headers), bareRun.rps);
      record(
        'PG: GET /api/transactions',
        await cannon(`${product.url}/api/transactions`, headers),
        bareRun.rps,
      );
      await insertImages(exec, user.id, GALLERY_SMALL, 0);
      const gallery = `${product.url}/api/generated-images?limit=24`;
      const small = await cannon(gallery, headers);
      record('PG: gallery first page, 1k images', small, bareRun.rps);
      // the other images belong to other users, as on a busy site
      const t0 = performance.now();
      // registration is limited per address (20 an hour): a few owners hold the rest
      const others = 8;
      const per = Math.ceil((GALLERY_LARGE - GALLERY_SMALL) / others);
      for (let i = 0; i < others; i++) {
        const other = await register(product.url, `bench_other_${i}`);
        await insertImages(exec, other.id, per, i * 7);
      }
      const { rows } = await exec('select count(*)::int as n from generated_images');
      out['PG: images in table'] = rows[0].n as number;
      out['PG: seed time (s)'] = Math.round((performance.now() - t0) / 100) / 10;
      const large = await cannon(gallery, headers);
      record(`PG: gallery first page, ${Math.round(Number(rows[0].n) / 1000)}k images`, large, bareRun.rps);
      out['PG: gallery p99 large ÷ p99 1k'] = Math.round((large.p99 / Math.max(1, small.p99)) * 100) / 100;
    } finally {
      await client.end();
      await product.stop();
      await rm(dataDir, { recursive: true, force: true });
      await postgres.stop();
    }
  }

  // --- PGlite (the default)
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lora-bench-hot-'));
  let product = await startProduct(dataDir, '');
  try {
    const bare = await startBare();
    const bareRun = await cannon(bare.url);
    await bare.stop();
    out['PGlite: bare Fastify req/s'] = bareRun.rps;
    const user = await register(product.url, 'bench_hot');
    const headers = { cookie: user.cookie };
    record('PGlite: GET /api/healthz', await cannon(`${product.url}/api/healthz`), bareRun.rps);
    record('PGlite: GET /api/auth/user', await cannon(`${product.url}/api/auth/user`, headers), bareRun.rps);
    record(
      'PGlite: GET /api/transactions',
      await cannon(`${product.url}/api/transactions`, headers),
      bareRun.rps,
    );
    // PGlite is one process's: seed while the server is down, on its data directory
    await product.stop();
    const database = await openDatabase({ dataDir });
    await insertImages(
      async (text, params) => {
        // the seeding statement's parameters are inlined: drizzle's raw sql takes no $n list
        let q = text;
        (params ?? []).forEach((p, i) => {
          q = q.replaceAll(`$${i + 1}`, typeof p === 'number' ? String(p) : `'${String(p)}'`);
        });
        const res = await database.db.execute(sql.raw(q));
        return res as unknown as { rows: Record<string, unknown>[] };
      },
      user.id,
      GALLERY_SMALL,
      0,
    );
    await database.close();
    product = await startProduct(dataDir, '');
    record(
      'PGlite: gallery first page, 1k images',
      await cannon(`${product.url}/api/generated-images?limit=24`, headers),
      bareRun.rps,
    );
  } finally {
    await product.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  goals(out);
  return out;
}
