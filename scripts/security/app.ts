import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from '../../src/server/app';
import { createDeps } from '../../src/server/bootstrap';
import { loadConfig } from '../../src/server/config';
import { seedCatalog } from '../../src/server/db/seed';
import { registerJobs } from '../../src/server/register-jobs';
import { bootstrapAdmin } from '../../src/server/modules/users/bootstrap-admin';
import { createRouteCollector } from '../../src/server/test/route-catalog';

export const ADMIN = {
  username: 'sec_admin',
  email: 'sec-admin@example.com',
  password: 'Root-Harbor-Lamp-77',
};
/** Not the fuzzer's plausible password, so a fuzzed change-password cannot guess it. */
export const USER_PASSWORD = 'Quiet-Harbor-Lamp-77';

export type RunningApp = Awaited<ReturnType<typeof startApp>>;

/**
 * The product as `npm start` runs it (embedded PGlite on disk, offline engines, built web client),
 * in this process so the runner can also look for prototype pollution, on a free loopback port.
 * Only the variables given here count: a developer's vendor keys never reach a security run.
 */
export async function startApp(webRoot: string) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lora-security-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    SESSION_SECRET: 'security-run-secret-security-run-secret-0123',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_EMAIL: ADMIN.email,
    OFFLINE_TRAIN_SECONDS: '1',
    OFFLINE_HOST_SECONDS: '1',
    LOG_LEVEL: 'silent',
    // the access checks sign the admin in with the password alone; (f) probes the second factor of a
    // user, and the admin routes' refusal without one is an API test (two-factor.routes.test.ts)
    ADMIN_2FA: 'optional',
    // the account probes speak as many clients, each with its own X-Forwarded-For; believed from
    // loopback only, as a deployment believes only its own proxy
    TRUST_PROXY: '127.0.0.1,::1',
  });
  const errors: string[] = [];
  // error-level lines are the product admitting a bug (e.g. a database data exception mapped to 400)
  const log = pino(
    { level: 'error' },
    {
      write: (line: string) => {
        errors.push(line);
      },
    },
  );
  const deps = await createDeps(config, { log: log as never });
  await seedCatalog(deps.db, deps.storage);
  await bootstrapAdmin(deps.db, config, () => {});
  registerJobs(deps);
  deps.queue.start();
  const collector = createRouteCollector();
  const app = await buildApp(deps, {
    webRoot,
    onRoute: collector.onRoute,
    logger: { level: 'error', stream: { write: (l: string) => errors.push(l) } },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    deps,
    routes: collector.routes,
    /** error-level log lines written since the start */
    errors,
    close: async () => {
      await app.close();
      await deps.queue.stop({ graceMs: 2000 });
      await deps.database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
