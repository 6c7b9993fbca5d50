import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { BackupDestination, Config } from '../../config';
import { createS3Storage } from '../../storage/s3';

/**
 * Where backups live: a directory (BACKUP_DIR) or a key prefix in a bucket (BACKUP_S3_PREFIX). A
 * backup is a folder `<name>/` of files; its `manifest.json` is written last, so a folder without
 * one is a backup that never finished.
 */
export type BackupStore = {
  /** for messages: the directory or s3://bucket/prefix */
  where: string;
  put: (name: string, file: string, data: Readable | Buffer) => Promise<number>;
  get: (name: string, file: string) => Promise<Readable | null>;
  /** the names of the backups (finished or not), sorted */
  list: () => Promise<string[]>;
  remove: (name: string) => Promise<void>;
};

export const BACKUP_NAME = /^lora-backup-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z(-daily)?$/;

/** `lora-backup-2026-12-02T03-00-00-000Z[-daily]`: sorts by time; the time is the database snapshot's. */
export function backupName(at: Date, daily = false) {
  return `lora-backup-${at.toISOString().replace(/[:.]/g, '-')}${daily ? '-daily' : ''}`;
}

/** When the backup called `name` was taken, or null for a name the backup did not make. */
export function backupTime(name: string): Date | null {
  const m = BACKUP_NAME.exec(name);
  return m ? new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z`) : null;
}

function checkedFile(name: string, file: string) {
  if (!BACKUP_NAME.test(name) || !/^[a-z0-9][a-z0-9._-]*$/.test(file))
    throw new Error(`not a backup file: ${name}/${file}`);
  return `${name}/${file}`;
}

export function dirBackupStore(dir: string): BackupStore {
  return {
    where: dir,
    async put(name, file, data) {
      const target = path.join(dir, checkedFile(name, file));
      await mkdir(path.dirname(target), { recursive: true });
      // written under a temporary name: a file is there whole or not at all
      const tmp = `${target}.partial`;
      let bytes = 0;
      const source = Buffer.isBuffer(data) ? Readable.from([data]) : data;
      source.on('data', (chunk: Buffer) => (bytes += chunk.length));
      await pipeline(source, createWriteStream(tmp, { mode: 0o600 }));
      await rename(tmp, target);
      return bytes;
    },
    async get(name, file) {
      const target = path.join(dir, checkedFile(name, file));
      try {
        if (!(await stat(target)).isFile()) return null;
      } catch {
        return null;
      }
      return createReadStream(target);
    },
    async list() {
      try {
        return (await readdir(dir, { withFileTypes: true }))
          .filter((e) => e.isDirectory() && BACKUP_NAME.test(e.name))
          .map((e) => e.name)
          .sort();
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw err;
      }
    },
    async remove(name) {
      if (!BACKUP_NAME.test(name)) throw new Error(`not a backup: ${name}`);
      await rm(path.join(dir, name), { recursive: true, force: true });
    },
  };
}

export function s3BackupStore(s3: NonNullable<Config['s3']>, bucket: string, prefix: string): BackupStore {
  const storage = createS3Storage({ ...s3, bucket });
  return {
    where: `s3://${bucket}/${prefix}`,
    put: (name, file, data) =>
      storage.putStream(
        `${prefix}${checkedFile(name, file)}`,
        Buffer.isBuffer(data) ? Readable.from([data]) : data,
        'application/octet-stream',
      ),
    async get(name, file) {
      const got = await storage.get(`${prefix}${checkedFile(name, file)}`);
      return got?.stream ?? null;
    },
    async list() {
      const names = new Set<string>();
      for (const key of await storage.list(prefix)) {
        const name = key.slice(prefix.length).split('/')[0]!;
        if (BACKUP_NAME.test(name)) names.add(name);
      }
      return [...names].sort();
    },
    async remove(name) {
      if (!BACKUP_NAME.test(name)) throw new Error(`not a backup: ${name}`);
      await storage.deletePrefix(`${prefix}${name}/`);
    },
  };
}

/** The store of the configured destination (BACKUP_DIR or BACKUP_S3_PREFIX). */
export function backupStoreOf(config: Pick<Config, 's3'>, destination: BackupDestination): BackupStore {
  if (destination.kind === 'dir') return dirBackupStore(destination.dir);
  if (!config.s3) throw new Error('BACKUP_S3_PREFIX needs the S3 settings');
  return s3BackupStore(config.s3, destination.bucket, destination.prefix);
}
