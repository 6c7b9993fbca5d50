// `npm run restore -- <backup>`: a backup into an empty DATA_DIR (embedded database) or an empty
// PostgreSQL database (DATABASE_URL), then the checks of what was restored
// (docs/operators/backup-restore.md). A target that holds data is refused, with nothing written.
import { loadConfigOrExit } from '../src/server/config';
import { restoreCommand } from '../src/server/modules/backup';

const config = loadConfigOrExit();
process.exit(await restoreCommand(config, process.argv[2], (line) => console.log(line)));
