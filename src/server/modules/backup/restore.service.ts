import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../../config';
import { openDatabase } from '../../db/client';
import { loadPgliteImage, pgRestore } from '../../db/dump-tools';
import { storageFromConfig } from '../../storage/from-config';
import { contentTypeOfKey, type Storage } from '../../storage/storage';
import { createBackupRepository } from './backup.repository';
import { listStoredFiles, type BackupManifest } from './backup.service';
import type { BackupStore } from './backup-store';
import { readTar } from './tar';

export type RestoreReport = {
  /** restored and every check passed */
  ok: boolean;
  /** refused before anything was written (the target is not empty, or the backup does not fit it) */
  refused: boolean;
  /** what was done and checked, one line each */
  lines: string[];
  /** the checks that failed, or why it was refused */
  problems: string[];
};

export class RestoreRefused extends Error {}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream as AsyncIterable<Buffer>) chunks.push(c);
  return Buffer.concat(chunks);
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** The database URL as it may be printed: without its password. */
function shown(url: string) {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

async function readManifest(store: BackupStore, name: string): Promise<BackupManifest> {
  const stream = await store.get(name, 'manifest.json');
  if (!stream)
    throw new RestoreRefused(
      `No finished backup named ${name} in ${store.where}: its manifest.json is missing (a backup still being written, or one that failed, has none)`,
    );
  const manifest = JSON.parse((await readAll(stream)).toString('utf8')) as BackupManifest;
  if (manifest.format !== 1) throw new RestoreRefused(`${name}: unknown backup format ${manifest.format}`);
  return manifest;
}

/** Refuses (throws RestoreRefused) unless the target's database and storage are empty and fit the backup. */
async function checkTarget(config: Config, manifest: BackupManifest, storage: Storage) {
  const target = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database.kind !== target)
    throw new RestoreRefused(
      manifest.database.kind === 'pglite'
        ? 'This backup holds an embedded (PGlite) database: restore it with DATABASE_URL unset, into an empty DATA_DIR.'
        : 'This backup holds a PostgreSQL database: restore it with DATABASE_URL set to an empty PostgreSQL database.',
    );
  if (target === 'pglite') {
    const dir = path.join(config.dataDir, 'pg');
    const entries = await readdir(dir).catch(() => []);
    if (entries.length > 0)
      throw new RestoreRefused(
        `Refusing to restore: ${dir} already holds a database, and a restore only writes into an empty data directory so that it never overwrites live data. Stop the server, move ${config.dataDir} aside (or set DATA_DIR to a new directory) and run the restore again.`,
      );
  } else {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>(`select table_schema || '.' || table_name as name
        from information_schema.tables
        where table_schema not in ('pg_catalog', 'information_schema') order by 1`);
      if (rows.length > 0)
        throw new RestoreRefused(
          `Refusing to restore: the database ${shown(config.databaseUrl!)} is not empty (${rows.length} tables, e.g. ${rows
            .slice(0, 3)
            .map((r) => r.name)
            .join(
              ', ',
            )}), and a restore only writes into an empty database so that it never overwrites live data. Create a new database (createdb) and point DATABASE_URL at it.`,
        );
    } finally {
      await client.end().catch(() => {});
    }
  }
  if (manifest.storage.archive) {
    const present = await listStoredFiles(storage);
    if (present.length > 0)
      throw new RestoreRefused(
        `Refusing to restore: the file storage (${storage.kind === 'local' ? path.join(config.dataDir, 'files') : 'S3_BUCKET'}) already holds ${present.length} files, and a restore only writes into an empty one.`,
      );
  }
}

async function restoreDatabase(config: Config, store: BackupStore, manifest: BackupManifest) {
  const { name, database } = manifest;
  const stream = await store.get(name, database.file);
  if (!stream) throw new Error(`${name}/${database.file} is missing`);
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'lora-restore-'));
  try {
    // to disk first: the checksum is known before anything is loaded
    const file = path.join(tmp, database.file);
    const hash = createHash('sha256');
    stream.on('data', (c: Buffer) => hash.update(c));
    await pipeline(stream, createWriteStream(file, { mode: 0o600 }));
    const digest = hash.digest('hex');
    if (digest !== database.sha256)
      throw new Error(
        `${name}/${database.file}: checksum ${digest} is not the manifest's ${database.sha256}`,
      );
    if (database.kind === 'pglite')
      await loadPgliteImage(path.join(config.dataDir, 'pg'), new Blob([await readFile(file)]));
    else await pgRestore(config.databaseUrl!, file);
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

/** Writes every file of the archive into the storage, each checked against the manifest first. */
async function restoreFiles(store: BackupStore, manifest: BackupManifest, storage: Storage) {
  const stream = await store.get(manifest.name, manifest.storage.archive!);
  if (!stream) throw new Error(`${manifest.name}/${manifest.storage.archive} is missing`);
  const expected = new Map(manifest.storage.files.map((f) => [f.key, f.sha256]));
  let n = 0;
  for await (const entry of readTar(stream as AsyncIterable<Buffer>)) {
    if (expected.get(entry.name) !== sha256(entry.data))
      throw new Error(
        `${manifest.name}/${manifest.storage.archive}: ${entry.name} does not match the manifest`,
      );
    await storage.put(entry.name, entry.data, contentTypeOfKey(entry.name));
    n++;
  }
  return n;
}

/**
 * DATA_DIR's generated session secret (cookies, file links and the encrypted second factors are keyed
 * by it): written back when this restore's own secret is a generated one too; a different
 * SESSION_SECRET is reported, since second factors then no longer open.
 */
async function restoreSessionSecret(config: Config, store: BackupStore, manifest: BackupManifest) {
  if (!manifest.sessionSecret) return null;
  const stream = await store.get(manifest.name, manifest.sessionSecret);
  if (!stream) throw new Error(`${manifest.name}/${manifest.sessionSecret} is missing`);
  const secret = (await readAll(stream)).toString('utf8');
  const file = path.join(config.dataDir, 'session-secret');
  const current = await readFile(file, 'utf8').catch(() => null);
  if (current !== null && current.trim() === config.sessionSecret) {
    await writeFile(file, secret, { mode: 0o600 });
    return 'the session secret was restored into DATA_DIR/session-secret';
  }
  if (secret.trim() !== config.sessionSecret)
    return 'warning: SESSION_SECRET is not the secret of the backed-up server: sign-ins work, but sessions, file links and second factors (authenticator apps) made before the backup do not';
  return null;
}

/** The checks after a restore: row counts, the ledger against every balance, every file of the manifest. */
async function verify(config: Config, manifest: BackupManifest, storage: Storage) {
  const lines: string[] = [];
  const problems: string[] = [];
  // opening applies the migrations this build has and the backup had not (an upgrade restores too)
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  try {
    const facts = await createBackupRepository(database.db).facts();
    const tables = Object.entries(manifest.database.tables);
    const wrong = tables.filter(([t, n]) => facts.tables[t] !== n);
    for (const [t, n] of wrong)
      problems.push(`table ${t}: ${facts.tables[t] ?? 'missing'} rows, backup had ${n}`);
    lines.push(
      `rows: ${tables.length - wrong.length} of ${tables.length} tables have the backup's row counts`,
    );
    const l = facts.ledger;
    if (l.mismatched > 0)
      problems.push(`ledger: ${l.mismatched} users' balances are not the sum of their ledger rows`);
    if (l.balanceTotal !== manifest.database.ledger.balanceTotal)
      problems.push(
        `ledger: balances total ${l.balanceTotal}, backup had ${manifest.database.ledger.balanceTotal}`,
      );
    lines.push(
      `ledger: ${l.users - l.mismatched} of ${l.users} users' balances equal their ledger sums (total ${l.balanceTotal} tokens)`,
    );
  } finally {
    await database.close();
  }
  let good = 0;
  for (const f of manifest.storage.files) {
    const data = await storage.getBuffer(f.key);
    if (!data) problems.push(`file missing: ${f.key}`);
    else if (sha256(data) !== f.sha256) problems.push(`file changed: ${f.key} (checksum differs)`);
    else good++;
  }
  lines.push(`files: ${good} of ${manifest.storage.files.length} present with the manifest's checksums`);
  return { lines, problems };
}

/**
 * `npm run restore -- <backup>`: the backup `name` of `store` into the configured target — an empty
 * DATA_DIR (PGlite) or an empty database (DATABASE_URL), and the configured storage — then checks
 * what it restored. Refuses a target that holds data, before writing anything.
 */
export async function restoreBackup(
  config: Config,
  store: BackupStore,
  name: string,
  opts: { storage?: Storage } = {},
): Promise<RestoreReport> {
  const storage = opts.storage ?? storageFromConfig(config);
  let manifest: BackupManifest;
  try {
    manifest = await readManifest(store, name);
    await checkTarget(config, manifest, storage);
  } catch (err) {
    if (err instanceof RestoreRefused)
      return { ok: false, refused: true, lines: [], problems: [err.message] };
    throw err;
  }
  const lines = [`backup ${name} (${manifest.createdAt}) from ${store.where}`];
  await restoreDatabase(config, store, manifest);
  lines.push(
    `database restored (${manifest.database.kind === 'pglite' ? path.join(config.dataDir, 'pg') : shown(config.databaseUrl!)})`,
  );
  if (manifest.storage.archive) lines.push(`files restored: ${await restoreFiles(store, manifest, storage)}`);
  else
    lines.push(
      "files: the backup lists the bucket's objects; they are checked in place (bucket versioning restores older ones)",
    );
  const secret = await restoreSessionSecret(config, store, manifest);
  if (secret) lines.push(secret);
  const checked = await verify(config, manifest, storage);
  return {
    ok: checked.problems.length === 0,
    refused: false,
    lines: [...lines, ...checked.lines],
    problems: checked.problems,
  };
}
