import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, any>;
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  ping: () => Promise<boolean>;
};

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * PGlite in `dataDir/pg` by default (or in memory with `memory: true`), a PostgreSQL server with a URL.
 * Migrations are applied here, before anything else touches the database.
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  memory?: boolean;
  poolSize?: number;
  onError?: (err: Error) => void;
}): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10 });
    // An idle connection dropped by the server (restart, failover) must not crash the process;
    // the pool replaces it on the next checkout.
    pool.on('error', (err) => opts.onError?.(err));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    // Many web instances may start at once: one migrates, the others wait on the lock.
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock(727274)');
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock(727274)').catch(() => {});
      client.release();
    }
    return {
      db,
      kind: 'postgres',
      close: () => pool.end(),
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
  let client: PGlite;
  if (opts.memory) {
    client = new PGlite({ extensions: { pg_trgm } });
  } else {
    const dir = path.join(opts.dataDir ?? './data', 'pg');
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir, { extensions: { pg_trgm } });
  }
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    close: () => client.close(),
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
