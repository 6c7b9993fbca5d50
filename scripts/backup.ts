// `npm run backup`: one consistent backup of the database and the stored files to BACKUP_DIR or
// BACKUP_S3_PREFIX (docs/operators/backup-restore.md). On the embedded database the running server
// writes it (it holds the data directory); the server keeps running.
import { loadConfigOrExit } from '../src/server/config';
import { backupCommand } from '../src/server/modules/backup';

const config = loadConfigOrExit();
process.exit(await backupCommand(config, (line) => console.log(line)));
