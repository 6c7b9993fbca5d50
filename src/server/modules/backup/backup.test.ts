import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness';
import { until } from '../../test/until';
import { startBackupControl } from './backup-control';
import { backupCommand, restoreCommand } from './backup-command';
import { JOB_BACKUP, untilNextBackup } from './backup.job';
import { backupName } from './backup-store';

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
