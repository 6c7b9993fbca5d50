import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import type { AppDeps } from './deps';
import { buildEngineSet, createEngines, type EngineSet } from './engines/engines';
import { traceEngineSet } from './engines/traced-engines';
import { createQueue } from './jobs/queue';
import { createSessionCache, subscribeSessionCache, SESSION_CACHE_TTL_MS } from './lib/session-cache';
import { createMailer } from './mail/mailer';
import { storageFromConfig } from './storage/from-config';
import { createUrlSigner } from './storage/signed-url';
import type { Storage } from './storage/storage';
import { purposeKey } from './lib/keys';
import { traceLogOptions } from './lib/tracing';

export type CreateDepsOptions = {
  database?: Database;
  memory?: boolean;
  log?: FastifyBaseLogger;
  storage?: Storage;
  queuePollMs?: number;
  /** engines a test substitutes for the configured ones */
  engines?: (built: EngineSet) => Partial<EngineSet>;
};

export async function createDeps(config: Config, opts: CreateDepsOptions = {}): Promise<AppDeps> {
  const traced = Boolean(config.tracing);
  const log =
    opts.log ??
    (pino({ level: config.logLevel, ...traceLogOptions(traced) }) as unknown as FastifyBaseLogger);
  const database =
    opts.database ??
    (await openDatabase({
      url: config.databaseUrl,
      dataDir: config.dataDir,
      memory: opts.memory,
      onError: (err) => log.warn({ err }, 'idle database connection lost'),
      trace: traced,
    }));
  const storage = opts.storage ?? storageFromConfig(config);
  const mailer = createMailer(config, database.db, (m) => log.info(m));
  const queue = createQueue(database.db, {
    pollMs: opts.queuePollMs,
    // woken by enqueues, not a claim every half second (jobs/queue.ts, docs/decisions/053-queue-wakes-on-notify.md)
    subscribe: database.subscribe,
    concurrency: config.jobConcurrency.total,
    kindCaps: config.jobConcurrency.perKind,
    log: (m, err) => log.warn({ err }, m),
  });
  // a key of its own, derived from SESSION_SECRET: a file-URL signature is never a cookie's (lib/keys.ts)
  const signer = createUrlSigner({
    secret: purposeKey(config.sessionSecret, 'file-urls'),
    publicUrl: config.publicUrl,
  });
  const built = buildEngineSet(config, { db: database.db, storage, signer });
  const set = { ...built, ...opts.engines?.(built) };
  // with tracing on, each engine's work calls are spans (engines/traced-engines.ts)
  const engines = createEngines(config, traced ? traceEngineSet(set) : set);
  const sessionCache = createSessionCache({ ttlMs: SESSION_CACHE_TTL_MS });
  // the listener closes with the database; until it is live the cache stays off
  await subscribeSessionCache(database, sessionCache, (err) =>
    log.warn({ err }, 'session cache listener lost; cache off until it reconnects'),
  );
  return { config, database, db: database.db, storage, mailer, queue, engines, signer, log, sessionCache };
}
