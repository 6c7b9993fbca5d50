import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createHarness, type Harness } from '../../test/harness';
import { createServerDatabase } from '../../test/server-database';
import { harnessBaseEnv } from '../../test/template-db';
import { until } from '../../test/until';
import { startBackupControl } from './backup-control';
import { backupCommand, restoreCommand } from './backup-command';
import { JOB_BACKUP, untilNextBackup } from './backup.job';
import { runBackup, type BackupManifest } from './backup.service';
import { backupName, dirBackupStore } from './backup-store';
import { restoreBackup } from './restore.service';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const DAY = 86_400_000;
let h: Harness;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'lora-backups-'));
  h = await createHarness({ BACKUP_DIR: dir, BACKUP_SCHEDULE: 'daily', BACKUP_RETENTION_DAYS: '2' });
});
afterAll(async () => {
  await h?.close();
  await rm(dir, { recursive: true, force: true });
});

/** A finished backup taken `daysAgo` days ago (only its manifest: retention reads names, not contents). */
async function oldBackup(daysAgo: number) {
  const name = backupName(new Date(Date.now() - daysAgo * DAY));
  await mkdir(path.join(dir, name));
  await writeFile(path.join(dir, name, 'manifest.json'), '{}');
  return name;
}

const finishedDaily = async () => {
  const names = (await readdir(dir)).filter((n) => n.endsWith('-daily'));
  const done = [];
  for (const n of names) if ((await readdir(path.join(dir, n))).includes('manifest.json')) done.push(n);
  return done;
};

/** The job's run_at once it has run and rescheduled itself for the next day. */
async function rescheduled(singletonKey: string) {
  const res = await h.deps.db.execute(
    sql`select run_at from jobs where singleton_key = ${singletonKey} and status = 'queued' and run_at > now() + interval '10 minutes'`,
  );
  return (res as unknown as { rows: unknown[] }).rows.length > 0;
}

describe('the daily backup', () => {
  it('runs once a day however many chains run it, and deletes backups older than the retention', async () => {
    const old = await oldBackup(3);
    const recent = await oldBackup(1);
    await h.deps.queue.enqueue(JOB_BACKUP, {}, { singletonKey: JOB_BACKUP });
    await until(() => rescheduled(JOB_BACKUP), 'the daily backup to run', 60_000);
    expect(await finishedDaily()).toHaveLength(1);
    const names = await readdir(dir);
    expect(names).not.toContain(old);
    expect(names).toContain(recent);

    // a second chain (another instance, the same day) finds the day's backup and writes none
    await h.deps.queue.enqueue(JOB_BACKUP, {}, { singletonKey: `${JOB_BACKUP}:other` });
    await until(() => rescheduled(`${JOB_BACKUP}:other`), 'the second chain to run', 60_000);
    expect(await finishedDaily()).toHaveLength(1);
  }, 90_000);

  it('comes back at 01:00 UTC', () => {
    expect(untilNextBackup(new Date('2026-12-02T00:30:00Z'))).toBe(30 * 60_000);
    expect(untilNextBackup(new Date('2026-12-02T01:00:00Z'))).toBe(DAY);
    expect(untilNextBackup(new Date('2026-12-02T05:00:00Z'))).toBe(20 * 3_600_000);
  });
});

describe('npm run backup and npm run restore', () => {
  it.skipIf(onPostgres)(
    'asks the running server on the embedded database, which writes the backup without stopping',
    async () => {
      // a server that generated its session secret in DATA_DIR (SESSION_SECRET unset) backs it up too
      await writeFile(path.join(h.config.dataDir, 'session-secret'), h.config.sessionSecret);
      const server = await startBackupControl(h.deps);
      try {
        const lines: string[] = [];
        expect(await backupCommand(h.config, (l) => lines.push(l))).toBe(0);
        expect(lines[0]).toMatch(/^Backup lora-backup-\S+ written to .* by the running server/);
        const name = /Backup (\S+)/.exec(lines[0]!)![1]!;
        expect((await readdir(path.join(dir, name))).sort()).toEqual([
          'database.tar.gz',
          'files.tar',
          'manifest.json',
          'session-secret',
        ]);
      } finally {
        server.close();
      }
    },
    60_000,
  );

  it('says what is missing', async () => {
    const lines: string[] = [];
    const print = (l: string) => lines.push(l);
    const unset = { ...h.config, backup: { ...h.config.backup, destination: undefined } };
    expect(await backupCommand(unset, print)).toBe(2);
    expect(await restoreCommand(h.config, undefined, print)).toBe(2);
    expect(await restoreCommand(h.config, 'nothing-here', print)).toBe(2);
    const unfinished = backupName(new Date());
    await mkdir(path.join(dir, unfinished));
    expect(await restoreCommand(h.config, path.join(dir, unfinished), print)).toBe(3);
    expect(lines).toEqual([
      'Set BACKUP_DIR (a directory) or BACKUP_S3_PREFIX (a prefix in the S3 bucket): where the backup goes.',
      expect.stringMatching(/^Usage: npm run restore -- /),
      expect.stringMatching(/^No backup at nothing-here: give a backup's directory/),
      expect.stringMatching(new RegExp(`^No finished backup named ${unfinished} .*manifest.json is missing`)),
    ]);
  });
});

describe('the checks after a restore', () => {
  it('report a row count, a balance total and a file that are not what the backup recorded', async () => {
    const c = h.client();
    await c.register();
    const backup = await runBackup(h.deps);
    // what a damaged or mixed-up backup would say: the restored data no longer matches its manifest
    const file = path.join(dir, backup.name, 'manifest.json');
    const manifest = JSON.parse(await readFile(file, 'utf8')) as BackupManifest;
    manifest.database.tables.users! += 1;
    manifest.database.ledger.balanceTotal += 5;
    const ghost = 'public/styles/not-stored.webp';
    manifest.storage.files.push({ key: ghost, size: 1, sha256: '0'.repeat(64) });
    await writeFile(file, JSON.stringify(manifest));

    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lora-restore-target-'));
    const serverUrl = process.env.TEST_DATABASE_URL;
    const db = serverUrl
      ? await createServerDatabase(serverUrl, `r_${randomUUID().replace(/-/g, '')}`)
      : null;
    try {
      const target = loadConfig({ ...harnessBaseEnv(dataDir), ...(db ? { DATABASE_URL: db.url } : {}) });
      const report = await restoreBackup(target, dirBackupStore(dir), backup.name);
      expect(report.ok).toBe(false);
      expect(report.refused).toBe(false);
      expect(report.problems).toEqual([
        expect.stringMatching(/^table users: \d+ rows, backup had \d+$/),
        expect.stringMatching(/^ledger: balances total \d+, backup had \d+$/),
        `file missing: ${ghost}`,
      ]);
    } finally {
      await db?.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 90_000);

  it("refuses a database file whose checksum is not the manifest's, before loading anything", async () => {
    const backup = await runBackup(h.deps);
    const file = path.join(dir, backup.name, 'manifest.json');
    const manifest = JSON.parse(await readFile(file, 'utf8')) as BackupManifest;
    manifest.database.sha256 = 'f'.repeat(64);
    await writeFile(file, JSON.stringify(manifest));
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lora-restore-target-'));
    const serverUrl = process.env.TEST_DATABASE_URL;
    const db = serverUrl
      ? await createServerDatabase(serverUrl, `r_${randomUUID().replace(/-/g, '')}`)
      : null;
    try {
      const target = loadConfig({ ...harnessBaseEnv(dataDir), ...(db ? { DATABASE_URL: db.url } : {}) });
      await expect(restoreBackup(target, dirBackupStore(dir), backup.name)).rejects.toThrow(
        new RegExp(`${backup.manifest.database.file}: checksum \\w+ is not the manifest's f{64}`),
      );
      if (db) {
        const client = new pg.Client({ connectionString: db.url });
        await client.connect();
        const { rows } = await client.query(
          "select count(*)::int as n from information_schema.tables where table_schema = 'public'",
        );
        await client.end();
        expect(rows[0].n).toBe(0);
      } else expect(await readdir(dataDir)).not.toContain('pg');
    } finally {
      await db?.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
