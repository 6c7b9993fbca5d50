import type { AppDeps } from '../../deps';
import { defineChain, startChain } from '../../jobs/chain';
import { runBackup } from './backup.service';
import { backupStoreOf } from './backup-store';

export const JOB_BACKUP = 'system.backup';
const DAY = 86_400_000;
/** the daily backup's hour (UTC), away from midnight's other housekeeping */
const BACKUP_HOUR_UTC = 1;

/** Milliseconds from `now` to the next BACKUP_HOUR_UTC. */
export function untilNextBackup(now: Date) {
  const next = new Date(now);
  next.setUTCHours(BACKUP_HOUR_UTC, 0, 0, 0);
  if (next.getTime() <= now.getTime()) next.setTime(next.getTime() + DAY);
  return next.getTime() - now.getTime();
}

/**
 * BACKUP_SCHEDULE=daily: one chain per database (its singleton key), so one worker of however many
 * runs it; and the day is its idempotency key — a run that finds the day's scheduled backup already
 * written (another chain, a restart mid-day) writes none. Reschedules itself to the next day's
 * BACKUP_HOUR_UTC; with the schedule off, the chain ends at its next run. `clock` is for tests.
 */
export function defineBackupJob(deps: AppDeps, clock: () => Date = () => new Date()) {
  defineChain(deps.queue, {
    name: JOB_BACKUP,
    maxAttempts: 5,
    // a long copy keeps its lease through the queue's heartbeat
    leaseMs: 10 * 60_000,
    run: async (ctx) => {
      const { schedule, destination } = deps.config.backup;
      if (schedule !== 'daily' || !destination) return { kind: 'done', result: { skipped: 'schedule off' } };
      const now = clock();
      const day = now.toISOString().slice(0, 10);
      const store = backupStoreOf(deps.config, destination);
      const names = await store.list();
      const today = names.filter((n) => n.startsWith(`lora-backup-${day}T`) && n.endsWith('-daily'));
      let done = false;
      for (const name of today) {
        const manifest = await store.get(name, 'manifest.json');
        manifest?.destroy();
        if (manifest) done = true;
      }
      if (!done) await runBackup(deps, { trigger: 'schedule', now: clock, store });
      return ctx.retryIn(untilNextBackup(clock()));
    },
  });
}

/** Starts the daily chain (a no-op when it exists); the first run is a minute after start. */
export async function scheduleBackup(deps: AppDeps) {
  if (deps.config.backup.schedule !== 'daily') return;
  await startChain(deps.queue, JOB_BACKUP, 60_000);
}
