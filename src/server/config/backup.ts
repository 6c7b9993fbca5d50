import path from 'node:path';
import { z } from 'zod';

// Backups (docs/operators/backup-restore.md, docs/decisions/062-backup-and-restore.md): where
// `npm run backup` writes, whether a worker runs it daily, and how long backups are kept. A section of
// its own so the variables, their rules and their reading sit together.

const optional = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

export const backupEnvShape = {
  BACKUP_DIR: optional,
  BACKUP_S3_PREFIX: optional,
  BACKUP_SCHEDULE: z.enum(['off', 'daily'], { error: 'must be off or daily' }).default('off'),
  BACKUP_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
};

type BackupEnv = {
  BACKUP_DIR?: string;
  BACKUP_S3_PREFIX?: string;
  BACKUP_SCHEDULE: 'off' | 'daily';
  BACKUP_RETENTION_DAYS: number;
  S3_BUCKET?: string;
};

/** Where backups go: a directory, or a key prefix (ending in `/`) in an S3 bucket. */
export type BackupDestination = { kind: 'dir'; dir: string } | { kind: 's3'; bucket: string; prefix: string };

export type BackupConfig = {
  destination?: BackupDestination;
  schedule: 'off' | 'daily';
  /** backups older than this are deleted after each new one; the Privacy page states it */
  retentionDays: number;
};

const SAFE_PREFIX = /^([A-Za-z0-9][A-Za-z0-9._-]*\/)*$/;

/**
 * `s3://bucket/some/prefix` names a bucket of its own (on the same S3 endpoint and keys as the
 * stored files); a bare `some/prefix` is a prefix in S3_BUCKET.
 */
export function parseS3Prefix(
  value: string,
  storageBucket: string | undefined,
): { bucket: string; prefix: string } | string {
  const m = /^s3:\/\/([^/]+)\/?(.*)$/.exec(value);
  const bucket = m ? m[1]! : storageBucket;
  const raw = (m ? m[2]! : value).replace(/^\/+/, '');
  const prefix = raw === '' || raw.endsWith('/') ? raw : `${raw}/`;
  if (prefix === '')
    return 'BACKUP_S3_PREFIX: give a key prefix for the backups, e.g. backups/ or s3://my-backups/lora/';
  if (!bucket)
    return 'BACKUP_S3_PREFIX: S3 storage (S3_BUCKET, S3_REGION and keys) is required, or name a bucket as s3://bucket/prefix with the S3 keys set';
  if (!SAFE_PREFIX.test(prefix) || prefix.includes('..'))
    return 'BACKUP_S3_PREFIX: give a key prefix of letters, digits, dots, dashes and slashes, e.g. backups/ or s3://my-backups/lora/';
  // the stored files live under u/ and public/ (storage/keys.ts): backups there would back up backups
  if (bucket === storageBucket && /^(u|public)\//.test(prefix))
    return 'BACKUP_S3_PREFIX: choose a prefix outside u/ and public/, where the stored files live, e.g. backups/';
  return { bucket, prefix };
}

/** Reads the section; returns the config, or the lines naming what is wrong (parse.ts stops the start). */
export function backupConfigOf(
  e: BackupEnv,
  s3Configured: boolean,
): { config: BackupConfig; problems: string[] } {
  const problems: string[] = [];
  let destination: BackupDestination | undefined;
  if (e.BACKUP_DIR && e.BACKUP_S3_PREFIX) {
    problems.push('BACKUP_S3_PREFIX: set BACKUP_DIR or BACKUP_S3_PREFIX, not both');
  } else if (e.BACKUP_DIR) {
    destination = { kind: 'dir', dir: path.resolve(e.BACKUP_DIR) };
  } else if (e.BACKUP_S3_PREFIX) {
    const parsed = parseS3Prefix(e.BACKUP_S3_PREFIX, e.S3_BUCKET);
    if (typeof parsed === 'string') problems.push(parsed);
    else if (!s3Configured)
      problems.push(
        'BACKUP_S3_PREFIX: needs the S3 keys (S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, and S3_ENDPOINT for an S3-compatible server)',
      );
    else destination = { kind: 's3', ...parsed };
  }
  if (e.BACKUP_SCHEDULE === 'daily' && !destination && problems.length === 0)
    problems.push('BACKUP_SCHEDULE: daily needs BACKUP_DIR or BACKUP_S3_PREFIX, where the backups go');
  return {
    config: { destination, schedule: e.BACKUP_SCHEDULE, retentionDays: e.BACKUP_RETENTION_DAYS },
    problems,
  };
}
