import type { ServerModule } from '../../http/server-module';
import { defineBackupJob } from './backup.job';

/** What `modules/backup` adds to a process: the app composes every module from one list (server-modules.ts). */
export const backupModule: ServerModule = {
  jobs: defineBackupJob,
};
