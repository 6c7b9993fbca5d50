import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { seedCatalog } from '../db/seed';
import type { Storage } from '../storage/storage';
import { bootstrapAdmin } from '../modules/users/bootstrap-admin';
import { TEST_TIMINGS } from './timings';
import { createServerDatabase } from './server-database';

/**
 * One migrated and seeded database per test run, cloned by every harness (docs/decisions/030-test-speed.md).
 * Migrating an empty cluster and seeding it cost 2–4 s a harness; loading the template's image
 * (PGlite) or `create database … template` (PostgreSQL) costs a fraction of that.
 *
 * The template holds only what is the same for every harness: the migrations, the catalogue of
 * `seedCatalog` and the admin of `HARNESS_ADMIN` (its password hash verifies the same password in
 * any harness). The style previews the seed writes to storage are kept beside it and written into each
 * harness's own storage; a harness with another admin config does not use the template.
 */
export const TEMPLATE_ENV = 'LORA_TEST_TEMPLATE';

export const HARNESS_ADMIN = { username: 'root_admin', password: 'AdminPass123', email: 'root@example.com' };

/** the settings every harness starts from (its own env is laid over them) */
export function harnessBaseEnv(dataDir: string): Record<string, string> {
  return {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://127.0.0.1:3000',
    SESSION_SECRET: 'test-secret-test-secret-test-secret-123456',
    ADMIN_USERNAME: HARNESS_ADMIN.username,
    ADMIN_PASSWORD: HARNESS_ADMIN.password,
    ADMIN_EMAIL: HARNESS_ADMIN.email,
    OFFLINE_TRAIN_SECONDS: '1',
    OFFLINE_HOST_SECONDS: '1',
    LOG_LEVEL: 'silent',
    // tests that are not about the second factor sign admins in with the password alone;
    // two-factor.routes.test.ts sets `required` (the default) where it is the subject
    ADMIN_2FA: 'optional',
  };
}

type Manifest = {
  /** the TEST_DATABASE_URL it was built on, '' for PGlite */
  url: string;
  /** PostgreSQL: the template database's name */
  database?: string;
  /** PGlite: the file holding the `dumpDataDir()` image */
  pglite?: string;
  files: { key: string; contentType: string; file: string }[];
};

export type Template = {
  kind: 'pglite' | 'postgres';
  /** PGlite: the image to start from */
  image?: Blob;
  /** PostgreSQL: the database to name in `create database … template` */
  database?: string;
  /** writes what the seed put in storage into a harness's storage */
  fillStorage: (storage: Storage) => Promise<void>;
};

/** Records the seed's writes; only `put` is used by `seedCatalog`. */
function recordingStorage(puts: { key: string; data: Buffer; contentType: string }[]): Storage {
  const no = () => {
    throw new Error('the template seed only writes');
  };
  return {
    kind: 'local',
    put: async (key, data, contentType) => {
      puts.push({ key, data, contentType });
    },
    putStream: no,
    get: no,
    head: no,
    getBuffer: no,
    delete: no,
    list: async () => [],
    deletePrefix: no,
  };
}

/** Builds the template (vitest globalSetup of the `unit` project); returns its teardown. */
export async function buildTemplate(): Promise<{ dir: string; teardown: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL ?? '';
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lora-template-'));
  const config = loadConfig(harnessBaseEnv(path.join(dir, 'data')), { timings: TEST_TIMINGS });
  const manifest: Manifest = { url, files: [] };
  let database;
  let dropTemplate = async () => {};
  if (url) {
    const name = `tmpl_${randomUUID().replace(/-/g, '')}`;
    const created = await createServerDatabase(url, name);
    database = await openDatabase({ url: created.url, onError: () => {} });
    manifest.database = name;
    dropTemplate = created.drop;
  } else {
    database = await openDatabase({ memory: true });
  }
  const puts: { key: string; data: Buffer; contentType: string }[] = [];
  await seedCatalog(database.db, recordingStorage(puts));
  await bootstrapAdmin(database.db, config, () => {});
  if (!url) {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const image = await client.dumpDataDir('none');
    await writeFile(path.join(dir, 'pglite.tar'), Buffer.from(await image.arrayBuffer()));
    manifest.pglite = 'pglite.tar';
  }
  // no connection may stay open on a PostgreSQL template database
  await database.close();
  await mkdir(path.join(dir, 'files'));
  for (const [i, p] of puts.entries()) {
    const file = `files/${i}`;
    await writeFile(path.join(dir, file), p.data);
    manifest.files.push({ key: p.key, contentType: p.contentType, file });
  }
  await writeFile(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
  return {
    dir,
    teardown: async () => {
      await dropTemplate();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

let cached: { dir: string; template: Template | null } | undefined;

/**
 * The run's template when one was built for this database (null otherwise: a file run outside
 * vitest, or TEST_DATABASE_URL changed since); read once per process.
 */
export async function loadTemplate(): Promise<Template | null> {
  const dir = process.env[TEMPLATE_ENV];
  if (!dir) return null;
  if (cached?.dir === dir) return cached.template;
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    cached = { dir, template: null };
    return null;
  }
  let template: Template | null = null;
  if (manifest.url === (process.env.TEST_DATABASE_URL ?? '')) {
    const files = await Promise.all(
      manifest.files.map(async (f) => ({ ...f, data: await readFile(path.join(dir, f.file)) })),
    );
    template = {
      kind: manifest.url ? 'postgres' : 'pglite',
      image: manifest.pglite ? new Blob([await readFile(path.join(dir, manifest.pglite))]) : undefined,
      database: manifest.database,
      fillStorage: async (storage) => {
        for (const f of files) await storage.put(f.key, f.data, f.contentType);
      },
    };
  }
  cached = { dir, template };
  return template;
}

/**
 * A fresh database per call: in-memory PGlite by default, or a new database on the server named by
 * TEST_DATABASE_URL (CI runs the API tests on PostgreSQL 15 that way). With the run's template it is a
 * clone of that (already migrated and seeded); the migrations are still run over it, as no-ops.
 */
export async function freshDatabase(
  template: Template | null,
  opts: { trace?: boolean } = {},
): Promise<{ database: Database; url?: string; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ memory: true, loadDataDir: template?.image, trace: opts.trace });
    return { database, drop: async () => {} };
  }
  const { url: cloneUrl, drop } = await createServerDatabase(
    url,
    `t_${randomUUID().replace(/-/g, '')}`,
    template?.database,
  );
  const database = await openDatabase({ url: cloneUrl, onError: () => {}, trace: opts.trace });
  return { database, url: cloneUrl, drop };
}

/**
 * A fresh database for a test that needs no app (the queue's own tests): the run's template cloned, on
 * PostgreSQL when TEST_DATABASE_URL names one. Closing it also drops it.
 */
export async function openTestDatabase(opts: { trace?: boolean } = {}): Promise<Database> {
  const { database, drop } = await freshDatabase(await loadTemplate(), opts);
  return {
    ...database,
    close: async () => {
      await database.close();
      await drop();
    },
  };
}
