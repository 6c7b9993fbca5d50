import { buildApp } from './app';
import { createDeps } from './bootstrap';
import { ConfigError, loadConfig } from './config';
import { seedCatalog } from './db/seed';
import { scheduleMaintenance } from './jobs/maintenance';
import { schedulePaymentsReconcile } from './modules/tokens/payments.jobs';
import { registerJobs } from './jobs/register';
import { bootstrapAdmin } from './modules/users/bootstrap-admin';

type Role = 'all' | 'web' | 'worker';

function parseRole(argv: string[]): Role {
  const arg = argv.find((a) => a.startsWith('--role='));
  const role = arg ? arg.slice('--role='.length) : 'all';
  if (role !== 'all' && role !== 'web' && role !== 'worker') {
    console.error(`Invalid --role=${role}: use all, web or worker`);
    process.exit(2);
  }
  return role;
}

async function main() {
  const role = parseRole(process.argv.slice(2));
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
  const deps = await createDeps(config);
  // vendor setup problems tolerated because a base URL is overridden (a proxy or local doubles)
  for (const warning of config.warnings) deps.log.warn(warning);
  await seedCatalog(deps.db, deps.storage);
  await bootstrapAdmin(deps.db, config, (line) => console.log(line));
  registerJobs(deps);

  const app = role === 'worker' ? null : await buildApp(deps, { logger: { level: config.logLevel } });
  if (role !== 'web') {
    await scheduleMaintenance(deps);
    await schedulePaymentsReconcile(deps);
    deps.queue.start();
  }
  if (app) {
    await app.listen({ port: config.port, host: config.host });
    console.log(`LoRA Studio is running at ${config.publicUrl} (${deps.database.kind}, role ${role})`);
  } else {
    console.log(`LoRA Studio worker started (${deps.database.kind})`);
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    deps.log.info(`${signal}: shutting down`);
    await app?.close().catch(() => {});
    await deps.queue.stop().catch(() => {});
    await deps.database.close().catch(() => {});
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
