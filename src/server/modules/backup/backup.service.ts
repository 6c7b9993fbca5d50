import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { pgDump } from '../../db/dump-tools';
import { PUBLIC_PREFIX } from '../../storage/keys';
import type { Storage } from '../../storage/storage';
import { createBackupRepository, type DatabaseFacts } from './backup.repository';
import { backupName, backupStoreOf, backupTime, type BackupStore } from './backup-store';
import { tarStream } from './tar';

export type BackupDeps = Pick<AppDeps, 'config' | 'database' | 'storage' | 'log'>;

/** Every stored file lives under one of these (storage/keys.ts; storage.ts ownerOfKey reads no other). */
export const STORED_FILE_ROOTS = ['u/', PUBLIC_PREFIX];

export type ManifestFile = { key: string; size: number; sha256: string };

/** `manifest.json`, the last file a backup writes: what it holds and what a restore checks. */
export type BackupManifest = {
  format: 1;
  name: string;
  createdAt: string;
  trigger: 'command' | 'schedule';
  database: {
    kind: 'pglite' | 'postgres';
    /** `database.tar.gz` (PGlite's data directory) or `database.pgdump` (pg_dump's custom format) */
    file: string;
    size: number;
    sha256: string;
  } & DatabaseFacts;
  storage: {
    kind: 'local' | 's3';
    /** local storage: `files.tar` holding every file; S3: none, the bucket keeps them (versioning) */
    archive?: string;
    files: ManifestFile[];
  };
  /** the file holding DATA_DIR's generated session secret, when the server uses one */
  sessionSecret?: string;
};

export type BackupResult = { name: string; where: string; manifest: BackupManifest; deleted: string[] };

/** Counts bytes and hashes them as they pass. */
function hashing() {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      hash.update(chunk);
      size += chunk.length;
      cb(null, chunk);
    },
  });
  return { stream, result: () => ({ size, sha256: hash.digest('hex') }) };
}

function through(source: Readable) {
  const h = hashing();
  source.on('error', (err) => h.stream.destroy(err));
  return { stream: source.pipe(h.stream), result: h.result };
}

export async function listStoredFiles(storage: Storage): Promise<string[]> {
  const keys: string[] = [];
  for (const root of STORED_FILE_ROOTS) keys.push(...(await storage.list(root)));
  return keys.sort();
}

/**
 * The database, copied from one snapshot, with the facts read in that same snapshot. PGlite: its
 * data-directory image (the one connection is held for the copy). PostgreSQL: pg_dump of the
 * snapshot a REPEATABLE READ transaction exports and keeps open until the dump is done.
 */
async function snapshotDatabase(deps: BackupDeps, store: BackupStore, name: string) {
  const { database } = deps;
  if (database.kind === 'pglite') {
    const { image, during: facts } = await database.dumpDataDir!((db) => createBackupRepository(db).facts());
    const file = 'database.tar.gz';
    const h = through(Readable.fromWeb(image.stream() as never));
    await store.put(name, file, h.stream);
    return { kind: 'pglite' as const, file, ...h.result(), ...facts };
  }
  const url = database.url!;
  // loaded here, not with the module: a server on PGlite never needs node-postgres (decision 041)
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]!.id;
    const facts = await createBackupRepository(drizzle(client) as unknown as Db).facts();
    const file = 'database.pgdump';
    const dump = pgDump(url, snapshot);
    const h = through(dump.stdout);
    await Promise.all([store.put(name, file, h.stream), dump.done]);
    await client.query('commit');
    return { kind: 'postgres' as const, file, ...h.result(), ...facts };
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Local storage: one `files.tar` of every stored file, each hashed as it is archived. S3: the keys
 * and the hashes of their contents (read once each); the bucket's versioning keeps the bytes.
 * Taken after the database snapshot, so every file a row of it names was already stored; a file
 * deleted in between is simply absent from both archive and manifest.
 */
async function copyFiles(storage: Storage, store: BackupStore, name: string) {
  const keys = await listStoredFiles(storage);
  const files: ManifestFile[] = [];
  if (storage.kind === 'local') {
    const archive = 'files.tar';
    const entries = (async function* () {
      for (const key of keys) {
        const data = await storage.getBuffer(key);
        if (!data) continue;
        files.push({ key, size: data.length, sha256: createHash('sha256').update(data).digest('hex') });
        yield { name: key, data };
      }
    })();
    await store.put(name, archive, tarStream(entries));
    return { kind: 'local' as const, archive, files };
  }
  for (const key of keys) {
    const got = await storage.get(key);
    if (!got) continue;
    const hash = createHash('sha256');
    let size = 0;
    for await (const chunk of got.stream as AsyncIterable<Buffer>) {
      hash.update(chunk);
      size += chunk.length;
    }
    files.push({ key, size, sha256: hash.digest('hex') });
  }
  return { kind: 's3' as const, files };
}

/** DATA_DIR's generated session secret, when the server uses it (SESSION_SECRET unset). */
async function generatedSessionSecret(config: BackupDeps['config']) {
  const file = path.join(config.dataDir, 'session-secret');
  const text = await readFile(file, 'utf8').catch(() => null);
  return text !== null && text.trim() === config.sessionSecret ? text : null;
}

/**
 * Deletes the backups taken more than `days` before `now` (finished or not, by the time in their
 * name), never `keep`. Returns their names.
 */
export async function pruneBackups(store: BackupStore, now: Date, days: number, keep: string) {
  const cutoff = now.getTime() - days * 86_400_000;
  const deleted: string[] = [];
  for (const name of await store.list()) {
    const at = backupTime(name);
    if (name === keep || !at || at.getTime() >= cutoff) continue;
    await store.remove(name);
    deleted.push(name);
  }
  return deleted;
}

/**
 * One consistent backup to `store` (by default the configured BACKUP_DIR or BACKUP_S3_PREFIX): the
 * database, then the stored files, then the generated session secret, then `manifest.json`; then
 * backups older than BACKUP_RETENTION_DAYS are deleted.
 */
export async function runBackup(
  deps: BackupDeps,
  opts: { trigger?: 'command' | 'schedule'; now?: () => Date; store?: BackupStore } = {},
): Promise<BackupResult> {
  const { config } = deps;
  const destination = config.backup.destination;
  if (!opts.store && !destination)
    throw new Error('Set BACKUP_DIR or BACKUP_S3_PREFIX: where the backup is written');
  const store = opts.store ?? backupStoreOf(config, destination!);
  const now = opts.now ?? (() => new Date());
  const trigger = opts.trigger ?? 'command';
  const createdAt = now();
  const name = backupName(createdAt, trigger === 'schedule');
  const database = await snapshotDatabase(deps, store, name);
  const storage = await copyFiles(deps.storage, store, name);
  const secret = await generatedSessionSecret(config);
  if (secret !== null) await store.put(name, 'session-secret', Buffer.from(secret));
  const manifest: BackupManifest = {
    format: 1,
    name,
    createdAt: createdAt.toISOString(),
    trigger,
    database,
    storage,
    ...(secret !== null ? { sessionSecret: 'session-secret' } : {}),
  };
  await store.put(name, 'manifest.json', Buffer.from(JSON.stringify(manifest, null, 2)));
  const deleted = await pruneBackups(store, now(), config.backup.retentionDays, name);
  deps.log.info({ backup: name, where: store.where, files: storage.files.length, deleted }, 'backup written');
  return { name, where: store.where, manifest, deleted };
}
