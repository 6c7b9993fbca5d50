import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Engines } from './engines/engines';
import type { Queue } from './jobs/queue';
import type { SessionCache } from './lib/session-cache';
import type { Mailer } from './mail/mailer';
import type { UrlSigner } from './storage/signed-url';
import type { Storage } from './storage/storage';

// Everything a route module, service or job needs from outside; built once in main.ts (or a test).
export type AppDeps = {
  config: Config;
  database: Database;
  db: Db;
  storage: Storage;
  mailer: Mailer;
  queue: Queue;
  /** every engine instance, built once in bootstrap.ts (tests pass their own to createDeps) */
  engines: Engines;
  signer: UrlSigner;
  log: FastifyBaseLogger;
  /** session id → user for a few seconds, kept in step by database notifications (decision 018) */
  sessionCache: SessionCache;
};
