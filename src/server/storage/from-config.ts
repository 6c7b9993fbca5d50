import path from 'node:path';
import type { Config } from '../config';
import { createLocalStorage } from './local';
import { createS3Storage } from './s3';
import type { Storage } from './storage';

/** The configured storage: S3 when S3_BUCKET is set, else DATA_DIR/files (the server's and the restore's). */
export function storageFromConfig(config: Pick<Config, 's3' | 'dataDir'>): Storage {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(path.join(config.dataDir, 'files'));
}
