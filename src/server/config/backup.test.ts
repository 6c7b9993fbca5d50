import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig } from './parse';

const base = { DATA_DIR: '/tmp/lora-config-test', SESSION_SECRET: 'x'.repeat(40) };
const s3 = { S3_BUCKET: 'files', S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' };
const backupOf = (env: Record<string, string>) => parseConfig({ ...base, ...env }).config.backup;

describe('backup configuration', () => {
  it('defaults to no destination, no schedule and 7 days', () => {
    expect(backupOf({})).toEqual({ destination: undefined, schedule: 'off', retentionDays: 7 });
  });

  it('reads a directory, a prefix in S3_BUCKET, or a bucket of its own', () => {
    expect(
      backupOf({ BACKUP_DIR: 'backups', BACKUP_SCHEDULE: 'daily', BACKUP_RETENTION_DAYS: '30' }),
    ).toEqual({
      destination: { kind: 'dir', dir: path.resolve('backups') },
      schedule: 'daily',
      retentionDays: 30,
    });
    expect(backupOf({ ...s3, BACKUP_S3_PREFIX: 'backups' }).destination).toEqual({
      kind: 's3',
      bucket: 'files',
      prefix: 'backups/',
    });
    expect(backupOf({ ...s3, BACKUP_S3_PREFIX: 's3://vault/lora/' }).destination).toEqual({
      kind: 's3',
      bucket: 'vault',
      prefix: 'lora/',
    });
  });

  it('stops the start naming the variable', () => {
    const fails = (env: Record<string, string>) => () => parseConfig({ ...base, ...env });
    expect(fails({ BACKUP_DIR: '/b', ...s3, BACKUP_S3_PREFIX: 'b/' })).toThrow(
      /BACKUP_S3_PREFIX: set BACKUP_DIR or/,
    );
    expect(fails({ BACKUP_S3_PREFIX: 'backups/' })).toThrow(/BACKUP_S3_PREFIX: S3 storage/);
    expect(fails({ ...s3, BACKUP_S3_PREFIX: 's3://vault' })).toThrow(/BACKUP_S3_PREFIX: give a key prefix/);
    expect(fails({ ...s3, BACKUP_S3_PREFIX: 'a/../b' })).toThrow(/BACKUP_S3_PREFIX: give a key prefix/);
    expect(fails({ ...s3, BACKUP_S3_PREFIX: 'public/backups/' })).toThrow(/outside u\/ and public\//);
    expect(fails({ BACKUP_SCHEDULE: 'daily' })).toThrow(/BACKUP_SCHEDULE: daily needs BACKUP_DIR/);
    expect(fails({ BACKUP_SCHEDULE: 'hourly' })).toThrow(/BACKUP_SCHEDULE: must be off or daily/);
    expect(fails({ BACKUP_RETENTION_DAYS: '0' })).toThrow(/BACKUP_RETENTION_DAYS/);
  });
});
