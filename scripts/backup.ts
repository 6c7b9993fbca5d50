// `npm run backup`: one consistent backup of the database and the stored files to BACKUP_DIR or
// BACKUP_S3_PREFIX (docs/operators/backup-restore.md). On the embedded database the running server
// writes it (it holds the data directory); the server keeps running.
import { ConfigError, loadConfig } from '../src/server/config';
import { backupCommand } from '../src/server/modules/backup';

let config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(2);
  }
  throw err;
}
process.exit(await backupCommand(config, (line) => console.log(line)));
