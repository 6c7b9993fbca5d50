import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, lstat, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../../../src/server/db/client';
import { freePort } from '../../../src/server/test/free-port';
import { createServerDatabase, dropServerDatabase } from '../../../src/server/test/server-database';
import { until } from '../../../src/server/test/until';

const root = path.resolve(import.meta.dirname, '../../..');

export type TestServer = {
  url: string;
  port: number;
  dataDir: string;
  /** the server's PostgreSQL database, when it runs on one (E2E_DATABASE_URL); else PGlite in `dataDir` */
  databaseUrl?: string;
  admin: { username: string; password: string };
  output: () => string;
  /** SIGKILL the process (crash test) */
  kill: () => Promise<void>;
  /** start again on the same data directory and port */
  restart: () => Promise<void>;
  /** SIGTERM, then its data directory is removed unless `keepData` */
  stop: (opts?: { keepData?: boolean }) => Promise<void>;
};

/** names the shared server of tests/e2e/support/global-setup.ts (JSON of its fields) */
export const SHARED_SERVER_ENV = 'LORA_E2E_SERVER';

/**
 * The shared server trusts the loopback proxy: each spec process sends its own X-Forwarded-For
 * (browser.ts), so the per-address limits (20 sign-ups an hour, 30 log-ins in 5 minutes) count each
 * spec file as a client of its own, as they did when every file had its own server.
 */
export const SHARED_SERVER_OVERRIDES = { TRUST_PROXY: '127.0.0.1' };

/**
 * names a data directory (database and files) that a server with the default test env has migrated,
 * seeded and shut down (global-setup.ts): each server starts from a copy of it
 */
export const DATA_TEMPLATE_ENV = 'LORA_E2E_DATA_TEMPLATE';

/**
 * A PostgreSQL server (a URL of its maintenance database) the e2e servers run on instead of PGlite:
 * each gets a database of its own, cloned from the template's (DATABASE_TEMPLATE_ENV) and dropped when
 * it stops. CI sets it (.ci/run): the same specs cost about a fifth less CPU on PostgreSQL than on
 * PGlite's WebAssembly, and PostgreSQL is what production runs. Unset (`npm test` on a laptop), every
 * server runs on PGlite, as `npm start` does (docs/decisions/030-test-speed.md).
 */
export const E2E_DATABASE_URL_ENV = 'E2E_DATABASE_URL';
/** names the database the data template's server migrated and seeded, when on PostgreSQL */
export const DATABASE_TEMPLATE_ENV = 'LORA_E2E_DATABASE_TEMPLATE';

async function waitHealthy(url: string, proc: ChildProcess, timeoutMs = 120_000) {
  await until(
    async () => {
      if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
      // not listening yet: a refused connection is a no
      return (await fetch(`${url}/api/healthz`).catch(() => null))?.ok;
    },
    'the server to be healthy',
    timeoutMs,
    200,
  );
}

/**
 * Starts the real server (`dist/server/main.js`, built web client) on a free port with its own data
 * directory, offline engines and short durations. Extra env overrides (e.g. OFFLINE_TRAIN_SECONDS).
 */
export async function startServer(
  env: Record<string, string> = {},
  // null: an empty data directory (the template's own start); host: the name the browser uses
  // (passkeys need a domain such as `localhost`: WebAuthn refuses an IP address as its relying party)
  // pglite: on PGlite even when the run has a PostgreSQL server (the crash test of the quick start's database)
  opts: { template?: string | null; host?: string; pglite?: boolean } = {},
): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lora-e2e-'));
  const pgServer = opts.pglite || 'DATABASE_URL' in env ? undefined : process.env[E2E_DATABASE_URL_ENV];
  // A copy of a migrated and seeded data directory: an empty one costs each start PGlite's initdb and
  // every migration, ~10 s of CPU on a machine the browsers and the other lanes share. Not its session
  // secret: each server keeps its own, as before.
  const template = opts.template === undefined ? process.env[DATA_TEMPLATE_ENV] : opts.template;
  const fromTemplate =
    template && !Object.keys(env).some((k) => k.startsWith('ADMIN_') || k === 'DATABASE_URL');
  // on PostgreSQL, the template's database is cloned with its files, and its PGlite directory is not
  // (there is none when the template itself was made on PostgreSQL)
  const templateDatabase = pgServer ? process.env[DATABASE_TEMPLATE_ENV] : undefined;
  if (fromTemplate && (!pgServer || templateDatabase))
    await cp(template, dataDir, {
      recursive: true,
      // nor the socket `npm run backup` reaches a running server through (a socket cannot be copied)
      filter: async (from) =>
        path.basename(from) !== 'session-secret' &&
        !(pgServer && path.relative(template, from) === 'pg') &&
        !(await lstat(from)).isSocket(),
    });
  const database = pgServer
    ? await createServerDatabase(
        pgServer,
        `e2e_${randomBytes(6).toString('hex')}`,
        fromTemplate ? templateDatabase : undefined,
      )
    : undefined;
  const port = await freePort();
  const url = `http://${opts.host ?? '127.0.0.1'}:${port}`;
  const admin = { username: 'e2e_admin', password: 'AdminPass123' };
  let log = '';
  let proc: ChildProcess;
  const launch = async () => {
    // the server as `npm start` runs it: the built bundle (global-setup.ts builds it when stale), which
    // starts in a fraction of tsx's time, compiling nothing; three specs starting servers at once on a
    // busy CI machine outlasted a minute under tsx
    proc = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'dist/server/main.js')], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        DATA_DIR: dataDir,
        ADMIN_USERNAME: admin.username,
        ADMIN_PASSWORD: admin.password,
        ADMIN_EMAIL: 'e2e-admin@example.com',
        OFFLINE_TRAIN_SECONDS: '4',
        OFFLINE_HOST_SECONDS: '2',
        LOG_LEVEL: 'warn',
        DATABASE_URL: database?.url ?? '',
        // the real face checks cost ~1 s a photo: only the tests about them turn them on
        PHOTO_CHECKS: 'off',
        // specs that are not about the second factor sign the admin in with the password alone;
        // two-factor.test.ts runs with `required`, the product's default
        ADMIN_2FA: 'optional',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proc.stdout!.on('data', (d) => (log += d));
    proc.stderr!.on('data', (d) => (log += d));
    // the server listens on 127.0.0.1 whatever name the browser uses (Node may resolve localhost to ::1)
    try {
      await waitHealthy(`http://127.0.0.1:${port}`, proc);
    } catch (err) {
      // a server that never became healthy must not outlive the run (it held its port and data dir)
      proc.kill('SIGKILL');
      throw new Error(`${(err as Error).message}; its log ends:\n${log.slice(-2000)}`);
    }
  };
  await launch();
  const exited = () =>
    new Promise<void>((resolve) =>
      proc.exitCode !== null || proc.signalCode !== null ? resolve() : proc.once('exit', () => resolve()),
    );
  return {
    url,
    port,
    dataDir,
    databaseUrl: database?.url,
    admin,
    output: () => log,
    kill: async () => {
      proc.kill('SIGKILL');
      await exited();
    },
    restart: launch,
    stop: async ({ keepData = false } = {}) => {
      proc.kill('SIGTERM');
      await until(
        () => proc.exitCode !== null || proc.signalCode !== null,
        'the server to stop',
        5000,
        50,
      ).catch(() => {});
      if (proc.exitCode === null && proc.signalCode === null) {
        proc.kill('SIGKILL');
        await exited();
      }
      if (!keepData) {
        await rm(dataDir, { recursive: true, force: true }).catch(() => {});
        await database?.drop().catch(() => {});
      }
    },
  };
}

/**
 * The data directory every e2e server copies (DATA_TEMPLATE_ENV): a server with the default test env
 * starts on it, migrates and seeds it, and shuts down. Returns its path, and with E2E_DATABASE_URL the
 * name of the database it seeded (DATABASE_TEMPLATE_ENV); the caller removes both.
 */
export async function buildDataTemplate(): Promise<{ dataDir: string; database?: string }> {
  const server = await startServer({}, { template: null });
  await server.stop({ keepData: true });
  return {
    dataDir: server.dataDir,
    database: server.databaseUrl && new URL(server.databaseUrl).pathname.slice(1),
  };
}

/** Drops the template's database, if it has one (global-setup.ts's teardown). */
export async function dropDatabaseTemplate(database: string | undefined) {
  const pgServer = process.env[E2E_DATABASE_URL_ENV];
  if (database && pgServer) await dropServerDatabase(pgServer, database);
}

/**
 * Runs `work` on the server's database from the test's own process: on PostgreSQL beside the running
 * server; on PGlite, which one process holds at a time, with the server stopped and started again after.
 */
export async function withServerDatabase<T>(
  server: TestServer,
  work: (db: Database['db']) => Promise<T>,
): Promise<T> {
  if (!server.databaseUrl) await server.kill();
  const database = await openDatabase(
    server.databaseUrl ? { url: server.databaseUrl } : { dataDir: server.dataDir },
  );
  try {
    return await work(database.db);
  } finally {
    await database.close();
    if (!server.databaseUrl) await server.restart();
  }
}

/**
 * The server of tests/e2e/support/global-setup.ts (the default env), or a server of this file's own
 * when the spec runs without that setup. It cannot be killed or restarted, and `stop` leaves it running
 * for the next spec file.
 */
export async function sharedServer(): Promise<TestServer> {
  const shared = process.env[SHARED_SERVER_ENV];
  if (!shared) return startServer(SHARED_SERVER_OVERRIDES);
  const fields = JSON.parse(shared) as Pick<TestServer, 'url' | 'port' | 'dataDir' | 'databaseUrl' | 'admin'>;
  const refuse = async () => {
    throw new Error('the shared e2e server cannot be killed or restarted: start one with startServer()');
  };
  return {
    ...fields,
    output: () => '',
    kill: refuse,
    restart: refuse,
    stop: async () => {},
  };
}
