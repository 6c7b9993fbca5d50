import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { EngineNames } from './engines/index';
import type { Queue } from './jobs/queue';
import type { Mailer } from './modules/mail/mail.service';
import type { Storage } from './storage/storage';

// Everything a route module, service or job needs from outside; built once in main.ts (or a test).
export type AppDeps = {
  config: Config;
  database: Database;
  db: Db;
  storage: Storage;
  mailer: Mailer;
  queue: Queue;
  engines: EngineNames;
  log: FastifyBaseLogger;
};
