import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import * as schema from './schema/index';
import { tracePglite, tracePgPool } from './traced-client';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, any>;
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL: the server's URL (pg_dump connects to it for a backup) */
  url?: string;
  close: () => Promise<void>;
  ping: () => Promise<boolean>;
  /**
   * LISTEN on `channel`. `up` runs once the subscription is live (again), `down` when it is lost
   * (PostgreSQL only: the dedicated connection dropped; it is re-established with backoff).
   * Notifications sent while down are lost, so a listener must treat down as "know nothing".
   */
  subscribe: (channel: string, handlers: SubscribeHandlers) => Promise<() => Promise<void>>;
  /**
   * PGlite only: the data directory as a gzipped tarball, taken while no transaction runs and after a
   * checkpoint, so the image is a committed state (the backup, docs/decisions/062-backup-and-restore.md).
   * `during` runs inside the same exclusive transaction, before the image: what it reads is what the
   * image holds (the backup's row counts and ledger sums).
   */
  dumpDataDir?: <T>(during: (db: Db) => Promise<T>) => Promise<{ image: Blob; during: T }>;
};

export type SubscribeHandlers = {
  message: (payload: string) => void;
  up: () => void;
  down: (err?: Error) => void;
};

const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * The embedded database sized for a laptop (issue 27, decision 034): PostgreSQL's default 128 MB of
 * shared buffers filled the WebAssembly heap as pages were read and never gave it back — idle
 * `npm start` measured 428 MB RSS with them, 268 MB with 16 MB (`bench/lean.ts`). One process owns
 * the files, so a page not in the buffers is a read from the OS cache. Index builds (migrations)
 * get 16 MB instead of 64. The WebAssembly heap's initial size cannot go below the module's 128 MB.
 */
const PGLITE_SETTINGS = ['shared_buffers=16MB', 'maintenance_work_mem=16MB'].flatMap((setting) => [
  '-c',
  setting,
]);

const here = path.dirname(fileURLToPath(import.meta.url));
const migrationsFolder = path.join(here, 'migrations');
/** beside this module in src/server/db, beside the bundle in dist/server (scripts/build-server.mjs) */
const createEntry = path.join(here, 'pglite-create.mjs');

/**
 * Creates the embedded database in `dir` (initdb and the migrations) in a child process that exits
 * when done (issue 44, docs/decisions/061-first-start-creates-in-a-child.md): the WebAssembly heap
 * that creating grows never shrinks, and the server would otherwise idle at 400–745 MB after its first
 * start instead of the 240–290 MB of later ones. Plain node runs it: the file is JavaScript.
 */
async function createInChild(dir: string): Promise<{ pid: number }> {
  const child = spawn(process.execPath, [createEntry, dir, migrationsFolder, ...PGLITE_SETTINGS], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (c) => resolve(c));
  });
  if (code !== 0)
    throw new Error(`creating the embedded database in ${dir} failed (exit ${code}): ${stderr}`);
  return { pid: child.pid! };
}

/**
 * PGlite in `dataDir/pg` by default (or in memory with `memory: true`), a PostgreSQL server with a URL.
 * Migrations are applied here, before anything else touches the database.
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  memory?: boolean;
  /** in memory only: start from this `dumpDataDir()` image instead of an empty cluster (test template) */
  loadDataDir?: Blob;
  poolSize?: number;
  onError?: (err: Error) => void;
  /** on disk only: called when a new data directory was created by the child process `pid` */
  onCreated?: (child: { pid: number }) => void;
  /** each statement a span when tracing is on (db/traced-client.ts, docs/decisions/063-tracing.md) */
  trace?: boolean;
}): Promise<Database> {
  // Only the driver in use is loaded: PGlite's WebAssembly module and node-postgres each cost several
  // MB resident that the other kind of process never needs (issue 27, docs/decisions/041-lean-start.md).
  if (opts.url) {
    const { default: pg } = await import('pg');
    const { drizzle: drizzlePg } = await import('drizzle-orm/node-postgres');
    const { migrate: migratePg } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10 });
    // An idle connection dropped by the server (restart, failover) must not crash the process;
    // the pool replaces it on the next checkout.
    pool.on('error', (err) => opts.onError?.(err));
    const db = drizzlePg(opts.trace ? tracePgPool(pool) : pool, { schema }) as unknown as Db;
    // Many web instances may start at once: one migrates, the others wait on the lock.
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock(727274)');
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock(727274)').catch(() => {});
      client.release();
    }
    const listeners = new Set<() => Promise<void>>();
    return {
      db,
      kind: 'postgres',
      url: opts.url,
      close: async () => {
        await Promise.all([...listeners].map((stop) => stop()));
        await pool.end();
      },
      subscribe: async (channel, handlers) => {
        const stop = listenOnPostgres(pg, opts.url!, channel, handlers);
        listeners.add(stop);
        return async () => {
          listeners.delete(stop);
          await stop();
        };
      },
      ping: async () => {
        try {
          await pool.query('select 1');
          return true;
        } catch {
          return false;
        }
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite');
  const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
  let client: PGlite;
  if (opts.memory) {
    client = new PGlite({ extensions: { pg_trgm }, loadDataDir: opts.loadDataDir });
  } else {
    const dir = path.join(opts.dataDir ?? './data', 'pg');
    mkdirSync(dir, { recursive: true });
    // PostgreSQL writes PG_VERSION when initdb is done: without it there is no database yet
    if (!existsSync(path.join(dir, 'PG_VERSION'))) {
      // not `onCreated?.(await createInChild(dir))`: without a hook that would skip creating
      const child = await createInChild(dir);
      opts.onCreated?.(child);
    }
    client = new PGlite(dir, {
      extensions: { pg_trgm },
      startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
    });
  }
  await client.waitReady;
  const db = drizzlePglite(opts.trace ? tracePglite(client) : client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    close: () => client.close(),
    // PGlite has one session: a query outside a transaction waits for the open one to end, but
    // dumpDataDir does not, so it runs inside a transaction of its own (nothing else is then open).
    dumpDataDir: async (during) => {
      let read: Awaited<ReturnType<typeof during>> | undefined;
      const image = await db.transaction(async (tx) => {
        read = await during(tx as unknown as Db);
        await tx.execute(sql`checkpoint`);
        return client.dumpDataDir('gzip');
      });
      return { image, during: read! };
    },
    // one process owns the database: notifications arrive before the notifying statement resolves
    subscribe: async (channel, handlers) => {
      if (!CHANNEL_NAME.test(channel)) throw new Error(`bad channel name ${channel}`);
      const unsubscribe = await client.listen(channel, handlers.message);
      handlers.up();
      return () => unsubscribe();
    },
    ping: async () => {
      try {
        await db.execute(sql`select 1`);
        return true;
      } catch {
        return false;
      }
    },
  };
}

/**
 * LISTEN needs a connection of its own (a pooled one would be handed to queries). When it fails or
 * ends, `down` is called and a new connection is tried after 0.25 s, doubling up to 5 s; a periodic
 * `select 1` notices a connection that died without a word.
 */
function listenOnPostgres(
  pg: typeof import('pg').default,
  url: string,
  channel: string,
  handlers: SubscribeHandlers,
) {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`bad channel name ${channel}`);
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let probe: NodeJS.Timeout | null = null;
  let backoff = 250;

  const lost = (err?: Error) => {
    if (probe) clearInterval(probe);
    probe = null;
    const dead = client;
    client = null;
    dead?.removeAllListeners();
    dead?.on('error', () => {});
    dead?.end().catch(() => {});
    if (stopped) return;
    handlers.down(err);
    retry = setTimeout(connect, backoff);
    backoff = Math.min(backoff * 2, 5_000);
  };

  async function connect() {
    retry = null;
    if (stopped) return;
    const c = new pg.Client({ connectionString: url, keepAlive: true });
    client = c;
    c.on('error', (err) => client === c && lost(err));
    c.on('end', () => client === c && lost(new Error('listener connection ended')));
    c.on('notification', (n) => {
      if (n.channel === channel) handlers.message(n.payload ?? '');
    });
    try {
      await c.connect();
      await c.query(`listen ${channel}`);
    } catch (err) {
      if (client === c) lost(err as Error);
      return;
    }
    if (client !== c || stopped) return;
    backoff = 250;
    handlers.up();
    probe = setInterval(() => {
      c.query('select 1').catch((err: Error) => client === c && lost(err));
    }, 10_000);
    probe.unref();
  }

  void connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    if (probe) clearInterval(probe);
    const c = client;
    client = null;
    if (c) {
      c.removeAllListeners();
      c.on('error', () => {});
      await c.end().catch(() => {});
    }
  };
}

/**
 * True when the database holds every migration this build ships: drizzle's migrator records each
 * applied one with its journal timestamp, so the newest recorded one must be the journal's last.
 */
export async function migrationsApplied(db: Db): Promise<boolean> {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  const latest = Math.max(...journal.entries.map((e) => e.when));
  const res = await db.execute(sql`select max(created_at) as latest from drizzle.__drizzle_migrations`);
  const row = (res as unknown as { rows: { latest: string | number | null }[] }).rows[0];
  return row?.latest != null && Number(row.latest) >= latest;
}

export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string; cause?: unknown } | undefined;
  if (!e) return false;
  if (e.code === '23505') return !constraint || e.constraint === constraint || e.constraint === undefined;
  return e.cause ? isUniqueViolation(e.cause, constraint) : false;
}

export function isCheckViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: unknown } | undefined;
  if (!e) return false;
  if (e.code === '23514') return true;
  return e.cause ? isCheckViolation(e.cause) : false;
}
