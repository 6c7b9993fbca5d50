import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const optional = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const seconds = (def: number) => z.coerce.number().min(0).max(86_400).default(def);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: optional.pipe(z.url().optional()),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optional.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  SESSION_SECRET: optional.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  // DECISIONS 9: the same rule as registration, or the created admin could never log in.
  ADMIN_USERNAME: optional.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_]{3,32}$/, 'must be 3-32 letters, digits or underscores')
      .optional(),
  ),
  ADMIN_PASSWORD: optional.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
  ADMIN_EMAIL: optional.pipe(z.email().optional()),
  OFFLINE_TRAIN_SECONDS: seconds(60),
  OFFLINE_HOST_SECONDS: seconds(10),
  REPLICATE_API_TOKEN: optional,
  REPLICATE_WEBHOOK_SECRET: optional,
  REPLICATE_API_URL: optional.pipe(z.url().optional()),
  RUNWARE_API_KEY: optional,
  RUNWARE_API_URL: optional.pipe(z.url().optional()),
  // the AIR source (created in the Runware dashboard) our uploaded LoRAs are named under
  RUNWARE_AIR_SOURCE: optional.pipe(z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/i, 'RUNWARE_AIR_SOURCE must be a Runware AIR source name').optional()),
  STRIPE_SECRET_KEY: optional,
  STRIPE_PUBLISHABLE_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_API_URL: optional.pipe(z.url().optional()),
  SMTP_URL: optional.pipe(z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional()),
  MAIL_FROM: optional,
  S3_ENDPOINT: optional.pipe(z.url().optional()),
  S3_BUCKET: optional,
  S3_REGION: optional,
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = z.infer<typeof envSchema>;

export type Config = {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl?: string;
  sessionSecret: string;
  secureCookies: boolean;
  admin: { username?: string; password?: string; email?: string };
  offline: { trainSeconds: number; hostSeconds: number };
  replicate?: { apiToken: string; webhookSecret?: string; baseUrl?: string };
  runware?: { apiKey: string; baseUrl?: string; airSource?: string };
  stripe?: { secretKey: string; publishableKey?: string; webhookSecret?: string; baseUrl?: string };
  smtp?: { url: string; from: string };
  mailFrom: string;
  s3?: { endpoint?: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string };
  logLevel: Env['LOG_LEVEL'];
};

export class ConfigError extends Error {}

function sessionSecretFromDisk(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

// The only reader of process.env. Bad values stop the start with the variable's name.
export function loadConfig(source: Record<string, string | undefined> = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const requireAll = (group: string, names: (keyof Env)[]) => {
    const set = names.filter((n) => e[n] !== undefined);
    if (set.length > 0 && set.length < names.length) {
      const missing = names.filter((n) => e[n] === undefined);
      throw new ConfigError(`Invalid configuration:\n  ${missing.join(', ')}: required when ${group} is configured`);
    }
  };
  requireAll('S3 storage', ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']);

  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/$/, '');
  const config: Config = {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    sessionSecret: e.SESSION_SECRET ?? overrides.sessionSecret ?? sessionSecretFromDisk(dataDir),
    secureCookies: publicUrl.startsWith('https://'),
    admin: { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD, email: e.ADMIN_EMAIL },
    offline: { trainSeconds: e.OFFLINE_TRAIN_SECONDS, hostSeconds: e.OFFLINE_HOST_SECONDS },
    replicate: e.REPLICATE_API_TOKEN
      ? { apiToken: e.REPLICATE_API_TOKEN, webhookSecret: e.REPLICATE_WEBHOOK_SECRET, baseUrl: e.REPLICATE_API_URL }
      : undefined,
    runware: e.RUNWARE_API_KEY ? { apiKey: e.RUNWARE_API_KEY, baseUrl: e.RUNWARE_API_URL, airSource: e.RUNWARE_AIR_SOURCE } : undefined,
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          publishableKey: e.STRIPE_PUBLISHABLE_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          baseUrl: e.STRIPE_API_URL,
        }
      : undefined,
    smtp: e.SMTP_URL ? { url: e.SMTP_URL, from: e.MAIL_FROM ?? 'LoRA Studio <no-reply@localhost>' } : undefined,
    mailFrom: e.MAIL_FROM ?? 'LoRA Studio <no-reply@localhost>',
    s3: e.S3_BUCKET
      ? {
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION!,
          accessKeyId: e.S3_ACCESS_KEY_ID!,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
        }
      : undefined,
    logLevel: e.LOG_LEVEL,
    ...overrides,
  };
  if (config.stripe && !config.stripe.webhookSecret && config.env === 'production') {
    throw new ConfigError('Invalid configuration:\n  STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set in production');
  }
  return config;
}
