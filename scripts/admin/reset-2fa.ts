// `npm run admin:reset-2fa -- <username>`: removes an account's second factors (docs/operators/security.md).
// With the embedded database (no DATABASE_URL) stop the server first: PGlite opens its data directory
// in one process at a time.
import { createDeps } from '../../src/server/bootstrap';
import { loadConfigOrExit } from '../../src/server/config';
import { resetSecondFactorsCommand } from '../../src/server/modules/two-factor/reset-command';

const config = loadConfigOrExit();
const deps = await createDeps({ ...config, logLevel: 'warn' });
const code = await resetSecondFactorsCommand(deps, process.argv[2], (line) => console.log(line));
await deps.database.close();
process.exit(code);
