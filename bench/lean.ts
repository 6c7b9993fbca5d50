// Issue 27: idle and start-up memory and the time to /api/readyz of `npm start` (embedded PGlite)
// — its first start on a new data directory (issue 44) as well as the later ones — and of the two
// roles on PostgreSQL, each built (dist/server, plain JavaScript) beside its baseline
// from the same run (the TypeScript sources through tsx, as `npm start` ran before).
// `npm run bench lean`, or `npx tsx bench/lean.ts` alone.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { freePort } from '../src/server/test/free-port';
import { freshDatabase, startThrowawayPostgres } from '../tests/scale/cluster';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** how long a started process is left alone before its idle RSS is read (issue 44's goal: 30 s after ready) */
const IDLE_MS = Number(process.env.LEAN_IDLE_MS ?? 30_000);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Role = 'all' | 'web' | 'worker';
type Way = 'built' | 'tsx';

const command = (way: Way, role: Role) =>
  way === 'built'
    ? role === 'all'
      ? [path.join(root, 'scripts/start.mjs')] // `npm start` itself
      : ['--enable-source-maps', path.join(root, 'dist/server/main.js'), `--role=${role}`]
    : ['--import', 'tsx', path.join(root, 'src/server/main.ts'), `--role=${role}`];

async function statusMb(pid: number, field: 'VmHWM' | 'VmRSS') {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 102.4) / 10;
}

/** Starts one process, waits until it serves (readyz 200) or reports the worker started, idles, measures, stops. */
async function measure(way: Way, role: Role, env: Record<string, string>, idleMs = IDLE_MS) {
  const port = await freePort();
  const started = performance.now();
  const proc: ChildProcess = spawn(process.execPath, command(way, role), {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 'bench-lean-session-secret-of-40-characters',
      ADMIN_USERNAME: 'bench_admin',
      ADMIN_PASSWORD: 'Harbor-Lamp-42',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  proc.stdout!.on('data', (d) => (log += d));
  proc.stderr!.on('data', (d) => (log += d));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`${way} ${role} exited: ${log.slice(-2000)}`);
    if (Date.now() > deadline) throw new Error(`${way} ${role} did not start: ${log.slice(-2000)}`);
    if (role === 'worker') {
      if (log.includes('LoRA Studio worker started')) break;
    } else {
      const ok = await fetch(`http://127.0.0.1:${port}/api/readyz`)
        .then((r) => r.status === 200)
        .catch(() => false);
      if (ok) break;
    }
    await sleep(25);
  }
  const readyMs = Math.round(performance.now() - started);
  await sleep(idleMs);
  const idle = await statusMb(proc.pid!, 'VmRSS');
  const peak = await statusMb(proc.pid!, 'VmHWM');
  const exited = new Promise((r) => proc.once('exit', r));
  proc.kill('SIGTERM');
  await Promise.race([exited, sleep(30_000)]);
  if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
  return { readyMs, idle, peak };
}

export async function run(): Promise<Record<string, number | string>> {
  const { ensureWebBuild, ensureServerBuild } = await import(
    pathToFileURL(path.join(root, 'scripts/start.mjs')).href
  );
  ensureWebBuild({ quiet: true });
  ensureServerBuild({ quiet: true });
  const out: Record<string, number | string> = {};
  const record = async (label: string, way: Way, role: Role, env: Record<string, string>): Promise<void> => {
    const m = await measure(way, role, env);
    // the time to ready is the median of three starts: one start on a 2-core machine varies by a second
    const starts = [m.readyMs];
    for (let i = 0; i < 2; i++) starts.push((await measure(way, role, env, 0)).readyMs);
    out[`${label}: start to ready (ms)`] = starts.sort((a, b) => a - b)[1];
    out[`${label}: starts (ms)`] = starts.join(', ');
    out[`${label}: idle RSS (MB)`] = m.idle;
    out[`${label}: peak RSS while starting (MB)`] = m.peak;
    out[`${label}: peak / idle`] = Math.round((m.peak / m.idle) * 100) / 100;
  };

  // npm start on PGlite: the first start creates the database (in a child process, decision 061),
  // the later ones open it; each is measured on its own
  for (const way of ['built', 'tsx'] as const) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lora-bench-lean-'));
    try {
      const first = await measure(way, 'all', { DATA_DIR: dataDir, DATABASE_URL: '' });
      out[`npm start, PGlite (${way}), first start: start to ready (ms)`] = first.readyMs;
      out[`npm start, PGlite (${way}), first start: idle RSS (MB)`] = first.idle;
      out[`npm start, PGlite (${way}), first start: peak RSS while starting (MB)`] = first.peak;
      await record(`npm start, PGlite (${way})`, way, 'all', { DATA_DIR: dataDir, DATABASE_URL: '' });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }

  const pg = process.env.BENCH_DATABASE_URL
    ? { url: process.env.BENCH_DATABASE_URL, stop: () => {} }
    : await startThrowawayPostgres();
  if (!pg) out['PostgreSQL roles'] = 'skipped: no BENCH_DATABASE_URL and no PostgreSQL cluster to start';
  else {
    const db = await freshDatabase(pg.url, 'lean');
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lora-bench-lean-'));
    try {
      const env = { DATA_DIR: dataDir, DATABASE_URL: db.url };
      // migrates and seeds once, so every measured start finds the database ready
      await measure('built', 'web', env);
      for (const role of ['web', 'worker'] as const)
        for (const way of ['built', 'tsx'] as const)
          await record(`--role=${role}, PostgreSQL (${way})`, way, role, env);
    } finally {
      await db.drop();
      pg.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  return { ...out, ...goals(out) };
}

/** Issue 27's goals, each beside the built figure it holds to. */
function goals(out: Record<string, number | string>) {
  const verdicts: Record<string, string> = {};
  let all = true;
  const check = (label: string, key: string, limit: number, unit: string) => {
    const value = out[key];
    if (typeof value !== 'number') {
      verdicts[label] = 'not measured';
      all = false;
      return;
    }
    const met = value <= limit;
    all &&= met;
    verdicts[label] = `${value}${unit} (≤${limit}${unit}: ${met ? 'met' : 'MISSED'})`;
  };
  const built = [
    ['npm start, PGlite (built)', 300],
    ['--role=web, PostgreSQL (built)', 130],
    ['--role=worker, PostgreSQL (built)', 130],
  ] as const;
  for (const [label, idleLimit] of built) {
    check(`goal: ${label} idle RSS`, `${label}: idle RSS (MB)`, idleLimit, ' MB');
    check(`goal: ${label} peak / idle while starting`, `${label}: peak / idle`, 1.3, '×');
    check(`goal: ${label} start to ready`, `${label}: start to ready (ms)`, 3000, ' ms');
  }
  // issue 44: the first start, which creates the database, idles as lean as the later ones
  check(
    'goal: npm start, PGlite (built), first start idle RSS',
    'npm start, PGlite (built), first start: idle RSS (MB)',
    300,
    ' MB',
  );
  verdicts['all goals met'] = all ? 'yes' : 'no';
  return verdicts;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  run().then(
    (r) => {
      console.table(r);
      process.exit(0);
    },
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
