import { buildApp } from './app';
import { createDeps } from './bootstrap';
import { loadConfigOrExit } from './config';
import { seedCatalog } from './db/seed';
import { scheduleMaintenance } from './jobs/maintenance';
import { scheduleAuditPurge } from './modules/audit';
import { startBackups } from './modules/backup';
import { scheduleExportExpiry } from './modules/data-exports';
import { scheduleRetention } from './modules/retention';
import { schedulePaymentsReconcile } from './modules/payments';
import { registerJobs } from './register-jobs';
import { startWorkerHeartbeat } from './jobs/worker-heartbeat';
import { bootstrapAdmin } from './modules/users';
import { traceLogOptions } from './lib/tracing';

type Role = 'all' | 'web' | 'worker';

/** How long a SIGTERM waits for in-flight requests and running jobs before giving up on them. */
const SHUTDOWN_GRACE_MS = 10_000;

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
  const config = loadConfigOrExit();
  // OpenTelemetry only with an OTLP endpoint: without one its SDK is never loaded (decision 063)
  const otel = config.tracing && (await import('./lib/tracing-sdk'));
  const tracer = otel && config.tracing ? await otel.startTracing({ ...config.tracing, role }) : null;
  const deps = await createDeps(config);
  // vendor setup problems tolerated because a base URL is overridden (a proxy or local doubles)
  for (const warning of config.warnings) deps.log.warn(warning);
  await seedCatalog(deps.db, deps.storage);
  await bootstrapAdmin(deps.db, config, (line) => console.log(line));
  registerJobs(deps);

  const app =
    role === 'worker'
      ? null
      : await buildApp(deps, { logger: { level: config.logLevel, ...traceLogOptions(!!tracer) } });
  // The heartbeat row exists before the first claim: a worker killed at any point after it claims
  // has its jobs taken back by the others within seconds (jobs/claim.ts), not after their leases.
  const heartbeat =
    role === 'web'
      ? null
      : await startWorkerHeartbeat(
          deps.db,
          { id: deps.queue.workerId, role, activeCount: deps.queue.activeCount },
          { onError: (err) => deps.log.warn({ err }, 'worker heartbeat failed') },
        );
  if (role !== 'web') {
    await scheduleMaintenance(deps);
    await scheduleExportExpiry(deps);
    await schedulePaymentsReconcile(deps);
    await scheduleAuditPurge(deps);
    await scheduleRetention(deps);
    deps.queue.start();
  }
  // the daily backup chain on workers; the embedded database's `npm run backup` socket
  await startBackups(deps, role);
  if (app) await app.listen({ port: config.port, host: config.host });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    deps.log.info(`${signal}: shutting down`);
    // A second signal, or a shutdown that hangs past twice the grace, ends the process anyway.
    const hardStop = setTimeout(() => process.exit(1), 2 * SHUTDOWN_GRACE_MS + 5_000);
    hardStop.unref();
    // The listener closes at once (no new connections); in-flight requests get the grace, and the
    // queue stops claiming and lets running jobs finish, giving back those still running at the bound.
    const closing = app?.close();
    let graceTimer: NodeJS.Timeout | undefined;
    const bounded = new Promise<void>((resolve) => (graceTimer = setTimeout(resolve, SHUTDOWN_GRACE_MS)));
    await Promise.all([
      closing ? Promise.race([closing.catch(() => {}), bounded]) : undefined,
      deps.queue.stop({ graceMs: SHUTDOWN_GRACE_MS }).catch((err) => deps.log.warn({ err }, 'queue stop')),
    ]);
    clearTimeout(graceTimer);
    await heartbeat?.stop().catch(() => {});
    await deps.database.close().catch(() => {});
    await tracer?.shutdown().catch(() => {});
    process.exit(0);
  };
  process.on('SIGINT', () => (stopping ? process.exit(1) : void stop('SIGINT')));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  // The handlers are in place before the line that says the process is up: whoever waits for that
  // line (a supervisor, a test) may signal at once, and a SIGTERM with no handler kills outright.
  if (app) {
    console.log(`LoRA Studio is running at ${config.publicUrl} (${deps.database.kind}, role ${role})`);
  } else {
    console.log(`LoRA Studio worker started (${deps.database.kind})`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
