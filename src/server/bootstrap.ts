import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import type { AppDeps } from './deps';
import { engineNames } from './engines/index';
import { createQueue } from './jobs/queue';
import { createMailer } from './modules/mail/mail.service';
import { createLocalStorage } from './storage/local';
import { createS3Storage } from './storage/s3';
import type { Storage } from './storage/storage';

export async function createDeps(
  config: Config,
  opts: { database?: Database; memory?: boolean; log?: FastifyBaseLogger; storage?: Storage; queuePollMs?: number } = {},
): Promise<AppDeps> {
  const log = opts.log ?? (pino({ level: config.logLevel }) as unknown as FastifyBaseLogger);
  const database = opts.database ?? (await openDatabase({
      url: config.databaseUrl,
      dataDir: config.dataDir,
      memory: opts.memory,
      onError: (err) => log.warn({ err }, 'idle database connection lost'),
    }));
  const storage =
    opts.storage ?? (config.s3 ? createS3Storage(config.s3) : createLocalStorage(path.join(config.dataDir, 'files')));
  const mailer = createMailer(config, database.db, (m) => log.info(m));
  const queue = createQueue(database.db, {
    pollMs: opts.queuePollMs,
    log: (m, err) => log.warn({ err }, m),
  });
  return { config, database, db: database.db, storage, mailer, queue, engines: engineNames(config), log };
}
