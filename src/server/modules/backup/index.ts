// What other modules (and app-level composition) may use of backup/ (docs/architecture.md "Module walls").
import type { AppDeps } from '../../deps';
import { startBackupControl } from './backup-control';
import { scheduleBackup } from './backup.job';

export { defineBackupJob } from './backup.job';
export { backupCommand, restoreCommand } from './backup-command';

/**
 * At start: a worker starts the daily chain (BACKUP_SCHEDULE=daily), and a process holding the
 * embedded database on disk serves `npm run backup` over DATA_DIR/backup.sock.
 */
export async function startBackups(deps: AppDeps, role: 'all' | 'web' | 'worker') {
  if (role !== 'web') await scheduleBackup(deps);
  if (deps.database.kind === 'pglite' && !deps.config.databaseUrl)
    await startBackupControl(deps).catch((err: Error) =>
      deps.log.warn({ err }, 'backup socket not started: npm run backup cannot reach this server'),
    );
}
