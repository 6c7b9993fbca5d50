import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type { Config } from '../../config';
import { openDatabase } from '../../db/client';
import { storageFromConfig } from '../../storage/from-config';
import { requestBackup } from './backup-control';
import { runBackup } from './backup.service';
import { BACKUP_NAME, backupStoreOf, dirBackupStore, s3BackupStore, type BackupStore } from './backup-store';
import { restoreBackup } from './restore.service';

type Print = (line: string) => void;

/**
 * `npm run backup`. On the embedded database the running server is asked to write it (it holds the
 * data directory); with no server running, or on PostgreSQL, this process writes it. Exit code:
 * 0 written, 1 failed, 2 not configured.
 */
export async function backupCommand(config: Config, print: Print): Promise<number> {
  if (!config.backup.destination) {
    print(
      'Set BACKUP_DIR (a directory) or BACKUP_S3_PREFIX (a prefix in the S3 bucket): where the backup goes.',
    );
    return 2;
  }
  if (!config.databaseUrl) {
    const answer = await requestBackup(config.dataDir);
    if (answer) {
      if (!answer.ok) {
        print(`The server could not write the backup: ${answer.error}`);
        return 1;
      }
      const b = answer.backup;
      print(`Backup ${b.name} written to ${b.where} by the running server (${b.files} files).`);
      if (b.deleted.length > 0)
        print(`Deleted ${b.deleted.length} older than BACKUP_RETENTION_DAYS: ${b.deleted.join(', ')}`);
      return 0;
    }
  }
  const log = pino({
    level: config.logLevel === 'info' ? 'warn' : config.logLevel,
  }) as unknown as FastifyBaseLogger;
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  try {
    const b = await runBackup({ config, database, storage: storageFromConfig(config), log });
    print(`Backup ${b.name} written to ${b.where} (${b.manifest.storage.files.length} files).`);
    if (b.deleted.length > 0)
      print(`Deleted ${b.deleted.length} older than BACKUP_RETENTION_DAYS: ${b.deleted.join(', ')}`);
    return 0;
  } catch (err) {
    print(`Backup failed: ${(err as Error).message}`);
    return 1;
  } finally {
    await database.close();
  }
}

/** Which backup `arg` names: a backup's directory, s3://bucket/prefix/<name>, or a name in the configured place. */
export function locateBackup(config: Config, arg: string): { store: BackupStore; name: string } | string {
  const s3 = /^s3:\/\/([^/]+)\/(.*?)([^/]+)\/?$/.exec(arg);
  if (s3) {
    if (!config.s3)
      return 'An s3:// backup needs the S3 settings (S3_BUCKET, S3_REGION and keys, S3_ENDPOINT if not AWS).';
    return { store: s3BackupStore(config.s3, s3[1]!, s3[2]!), name: s3[3]! };
  }
  const dir = path.resolve(arg);
  if (existsSync(dir) && statSync(dir).isDirectory() && BACKUP_NAME.test(path.basename(dir)))
    return { store: dirBackupStore(path.dirname(dir)), name: path.basename(dir) };
  if (BACKUP_NAME.test(arg) && config.backup.destination)
    return { store: backupStoreOf(config, config.backup.destination), name: arg };
  return `No backup at ${arg}: give a backup's directory, s3://bucket/prefix/<name>, or the name (lora-backup-…) of one in BACKUP_DIR or BACKUP_S3_PREFIX.`;
}

/**
 * `npm run restore -- <backup>`. Exit code: 0 restored and checked, 1 a check failed (the report
 * says which), 2 usage, 3 refused (the target holds data; nothing was written).
 */
export async function restoreCommand(config: Config, arg: string | undefined, print: Print): Promise<number> {
  if (!arg) {
    print('Usage: npm run restore -- <backup directory | s3://bucket/prefix/<name> | backup name>');
    return 2;
  }
  const found = locateBackup(config, arg);
  if (typeof found === 'string') {
    print(found);
    return 2;
  }
  const report = await restoreBackup(config, found.store, found.name);
  for (const line of report.lines) print(line);
  for (const problem of report.problems) print(report.refused ? problem : `FAILED: ${problem}`);
  if (report.refused) return 3;
  print(
    report.ok
      ? 'Restore complete: every check passed.'
      : `Restore finished with ${report.problems.length} failed checks.`,
  );
  return report.ok ? 0 : 1;
}
