import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { strongPasswordSchema } from '../shared/schemas/auth';
import { unreachableReason } from './lib/public-origin';

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
  // docs/product/decisions.md §9: the same rule as registration, or the created admin could never log in.
  ADMIN_USERNAME: optional.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_]{3,32}$/, 'must be 3-32 letters, digits or underscores')
      .optional(),
  ),
  // issue 13: the bootstrap admin's password meets the rule every other password meets (length,
  // letter and digit, not on the common-password list), or the most powerful account is the weakest
  ADMIN_PASSWORD: optional.pipe(strongPasswordSchema.optional()),
  ADMIN_EMAIL: optional.pipe(z.email().optional()),
  OFFLINE_TRAIN_SECONDS: seconds(60),
  OFFLINE_HOST_SECONDS: seconds(10),
  FACE_ENGINE_IDLE_SECONDS: seconds(300),
  PHOTO_CHECKS: z.enum(['on', 'off']).default('on'),
  REPLICATE_API_TOKEN: optional,
  REPLICATE_WEBHOOK_SECRET: optional,
  REPLICATE_API_URL: optional.pipe(z.url().optional()),
  RUNWARE_API_KEY: optional,
  RUNWARE_API_URL: optional.pipe(z.url().optional()),
  // an AIR source is a name created on the Runware dashboard (the part before ':' in source:id@version)
  RUNWARE_AIR_SOURCE: optional.pipe(
    z
      .string()
      .regex(
        /^[^\s:@/]{1,64}$/,
        "must be the source name only (the part before ':' in source:id@version), e.g. acme",
      )
      .optional(),
  ),
  STRIPE_SECRET_KEY: optional,
  STRIPE_PUBLISHABLE_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_API_URL: optional.pipe(z.url().optional()),
  SMTP_URL: optional.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: optional,
  S3_ENDPOINT: optional.pipe(z.url().optional()),
  S3_BUCKET: optional,
  S3_REGION: optional,
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  // Issue 13: off by default, or every client could forge the address per-IP limits key on.
  TRUST_PROXY: optional.pipe(
    z
      .string()
      .refine(
        (v) => /^\d{1,2}$/.test(v) || v.split(',').every((a) => isIP(a.trim().split('/')[0]!) !== 0),
        'must be a hop count (e.g. 1) or a comma-separated list of proxy addresses or CIDRs',
      )
      .optional(),
  ),
  // a session ends this long after sign-in, or after this long unused (issue 13, point 7)
  SESSION_MAX_AGE_DAYS: z.coerce.number().min(1).max(365).default(30),
  SESSION_IDLE_DAYS: z.coerce.number().min(1).max(365).default(7),
  // referral bonuses paid per inviter per calendar month; later referrals are recorded, not paid
  REFERRAL_MONTHLY_CAP: z.coerce.number().int().min(0).max(100_000).default(20),
  // issue 22: the retention schedule. The Privacy page and GET /api/config read these same values,
  // so what the studio publishes and what its daily job deletes cannot disagree.
  PHOTO_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  UNUSED_MODEL_PHOTO_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  EXPORT_LINK_HOURS: z.coerce.number().int().min(1).max(720).default(48),
  AUDIT_LOG_RETENTION_DAYS: z.coerce.number().int().min(30).max(3650).default(730),
  // a Bearer token a Prometheus scraper sends to GET /metrics (admins may read it with their session)
  METRICS_TOKEN: optional.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
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
  /**
   * Offline face checks of training photos (decision 020): off skips them (no verdicts, no engine
   * loaded); the worker thread ends after idleUnloadMs without a photo.
   */
  faces: { checks: boolean; idleUnloadMs: number };
  /** baseUrl is always set (the vendor's own unless *_API_URL overrides it) and used as given. */
  replicate?: { apiToken: string; webhookSecret?: string; baseUrl: string; baseUrlOverridden: boolean };
  runware?: { apiKey: string; airSource: string; baseUrl: string; baseUrlOverridden: boolean };
  stripe?: {
    secretKey: string;
    publishableKey?: string;
    webhookSecret?: string;
    baseUrl: string;
    baseUrlOverridden: boolean;
  };
  smtp?: { url: string; from: string };
  mailFrom: string;
  s3?: { endpoint?: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string };
  logLevel: Env['LOG_LEVEL'];
  /**
   * Fastify's trustProxy: false (the socket address is the client), a hop count, or the proxies'
   * addresses/CIDRs. Per-IP limits key on request.ip, so only a proxy in front may set X-Forwarded-For.
   */
  trustProxy: false | number | string[];
  /** absolute lifetime and idle timeout of a sign-in session, in days */
  sessions: { maxAgeDays: number; idleDays: number };
  referralMonthlyCap: number;
  /**
   * The retention schedule (issue 22), published as read: training photos and their face
   * descriptors photoRetentionDays after the model is ready; photos of a model never trained
   * unusedModelPhotoDays after upload; a data export offered exportLinkHours; the admin audit log
   * kept auditLogRetentionDays.
   */
  privacy: {
    photoRetentionDays: number;
    unusedModelPhotoDays: number;
    exportLinkHours: number;
    auditLogRetentionDays: number;
  };
  /** Bearer token for GET /metrics; unset → only an admin session may read it */
  metricsToken?: string;
  /** How often background work polls and backs off; the test harness shortens them. */
  timings: Timings;
  /** Setup problems tolerated because a vendor's base URL is overridden; main.ts logs them at start. */
  warnings: string[];
};

export type Timings = {
  /** between two polls of a vendor training (Replicate) */
  trainingPollMs: number;
  /** between two polls of a model upload to the image host (Runware) */
  hostingPollMs: number;
  /** between two polls of an async image render */
  imagesPollMs: number;
  /** first backoff of a training or hosting step; doubles per retry, capped at a minute */
  pipelineRetryBaseMs: number;
  /** between two runs of the models watchdog */
  watchdogMs: number;
};

export const DEFAULT_TIMINGS: Timings = {
  trainingPollMs: 15_000,
  hostingPollMs: 15_000,
  imagesPollMs: 1000,
  pipelineRetryBaseMs: 2000,
  watchdogMs: 30_000,
};

function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  if (value === undefined) return false;
  if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
  return value.split(',').map((a) => a.trim());
}

export class ConfigError extends Error {}

function sessionSecretFromDisk(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export const VENDOR_DEFAULT_URLS = {
  // the base each vendor's own client uses; paths are appended to it as given
  replicate: 'https://api.replicate.com/v1',
  runware: 'https://api.runware.ai/v1',
  // stripe-node takes an origin (host, port, protocol) and adds /v1 itself
  stripe: 'https://api.stripe.com',
} as const;

/** One judgement of the vendor setup: errors stop the start, warnings are logged. */
export type SetupVerdict = { level: 'error' | 'warning'; variable: string; message: string };

export type ParsedConfig = { config: Config; verdicts: SetupVerdict[] };

// Spelling out the vendor's own URL is not an override: only another host or path relaxes the safe start.
function baseUrl(value: string | undefined, fallback: string) {
  const url = value === undefined ? fallback : value.replace(/\/+$/, '');
  return { baseUrl: url, baseUrlOverridden: url !== fallback };
}

function invalid(lines: string[]): ConfigError {
  return new ConfigError(`Invalid configuration:\n${lines.map((l) => `  ${l}`).join('\n')}`);
}

/**
 * With loadConfig, the only reader of process.env.
 * Parses the environment and judges the vendor setup without stopping on the judgement, so
 * `npm run vendors:check` can print every verdict. Malformed values still throw ConfigError.
 */
export function parseConfig(
  source: Record<string, string | undefined> = process.env,
  overrides: Partial<Config> = {},
): ParsedConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) throw invalid(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  const e = parsed.data;
  const requireAll = (group: string, names: (keyof Env)[]) => {
    const set = names.filter((n) => e[n] !== undefined);
    if (set.length > 0 && set.length < names.length) {
      const missing = names.filter((n) => e[n] === undefined);
      throw invalid([`${missing.join(', ')}: required when ${group} is configured`]);
    }
  };
  requireAll('S3 storage', ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']);
  // an endpoint alone would silently leave files on local disk, unshared between instances
  if (e.S3_ENDPOINT !== undefined && e.S3_BUCKET === undefined)
    throw invalid(['S3_BUCKET: required when S3_ENDPOINT is set']);
  // The old form of these was a bare origin; the adapters now use the value as given, so a bare
  // origin would send every call to a path the vendor does not serve.
  const bare = (['REPLICATE_API_URL', 'RUNWARE_API_URL'] as const).filter(
    (n) => e[n] !== undefined && new URL(e[n]!).pathname === '/',
  );
  const withPath = e.STRIPE_API_URL !== undefined && new URL(e.STRIPE_API_URL).pathname !== '/';
  if (bare.length > 0 || withPath) {
    throw invalid([
      ...bare.map(
        (n) =>
          `${n}: give the API base with its version path, e.g. ${n === 'REPLICATE_API_URL' ? VENDOR_DEFAULT_URLS.replicate : VENDOR_DEFAULT_URLS.runware}`,
      ),
      ...(withPath
        ? [
            `STRIPE_API_URL: give an origin only, e.g. ${VENDOR_DEFAULT_URLS.stripe} (the Stripe client adds /v1 itself)`,
          ]
        : []),
    ]);
  }

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
    faces: { checks: e.PHOTO_CHECKS === 'on', idleUnloadMs: e.FACE_ENGINE_IDLE_SECONDS * 1000 },
    replicate: e.REPLICATE_API_TOKEN
      ? {
          apiToken: e.REPLICATE_API_TOKEN,
          webhookSecret: e.REPLICATE_WEBHOOK_SECRET,
          ...baseUrl(e.REPLICATE_API_URL, VENDOR_DEFAULT_URLS.replicate),
        }
      : undefined,
    runware: e.RUNWARE_API_KEY
      ? {
          apiKey: e.RUNWARE_API_KEY,
          // checked below: required with the key
          airSource: e.RUNWARE_AIR_SOURCE ?? '',
          ...baseUrl(e.RUNWARE_API_URL, VENDOR_DEFAULT_URLS.runware),
        }
      : undefined,
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          publishableKey: e.STRIPE_PUBLISHABLE_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          ...baseUrl(e.STRIPE_API_URL, VENDOR_DEFAULT_URLS.stripe),
        }
      : undefined,
    smtp: e.SMTP_URL
      ? { url: e.SMTP_URL, from: e.MAIL_FROM ?? 'LoRA Studio <no-reply@localhost>' }
      : undefined,
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
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    sessions: { maxAgeDays: e.SESSION_MAX_AGE_DAYS, idleDays: e.SESSION_IDLE_DAYS },
    referralMonthlyCap: e.REFERRAL_MONTHLY_CAP,
    privacy: {
      photoRetentionDays: e.PHOTO_RETENTION_DAYS,
      unusedModelPhotoDays: e.UNUSED_MODEL_PHOTO_DAYS,
      exportLinkHours: e.EXPORT_LINK_HOURS,
      auditLogRetentionDays: e.AUDIT_LOG_RETENTION_DAYS,
    },
    metricsToken: e.METRICS_TOKEN,
    timings: DEFAULT_TIMINGS,
    warnings: [],
    ...overrides,
  };
  return { config, verdicts: judgeVendorSetup(config, e) };
}

type VendorRule = {
  name: string;
  keyVar: keyof Env;
  urlVar: keyof Env;
  overridden: boolean;
  /** what the vendor does with PUBLIC_URL, so the operator knows why it must be reachable */
  uses: string;
  secrets: { variable: keyof Env; missing: boolean; why: string; alwaysRequired?: boolean }[];
};

/**
 * The safe start (issue 11, item 4): with a vendor key set, PUBLIC_URL must be a public https
 * origin and the vendor's secrets must be present, or the first real job would be paid for and
 * then lost. When the vendor's base URL is overridden (local doubles, a proxy) the vendor may well
 * reach this machine, so those problems only warn — except that missing secrets stay fatal in
 * production and the AIR source is always required (the hosting adapter cannot work without it).
 */
export function judgeVendorSetup(config: Config, e: Env): SetupVerdict[] {
  const rules: VendorRule[] = [];
  if (config.replicate)
    rules.push({
      name: 'Replicate',
      keyVar: 'REPLICATE_API_TOKEN',
      urlVar: 'REPLICATE_API_URL',
      overridden: config.replicate.baseUrlOverridden,
      uses: 'Replicate downloads the training photos from it and posts training webhooks to it',
      secrets: [
        {
          variable: 'REPLICATE_WEBHOOK_SECRET',
          missing: !config.replicate.webhookSecret,
          why: 'training webhooks cannot be verified and are refused, so finished trainings are noticed late (by polling). Get it from GET https://api.replicate.com/v1/webhooks/default/secret',
        },
      ],
    });
  if (config.runware)
    rules.push({
      name: 'Runware',
      keyVar: 'RUNWARE_API_KEY',
      urlVar: 'RUNWARE_API_URL',
      overridden: config.runware.baseUrlOverridden,
      uses: 'Runware downloads the trained LoRA weights and the images to caption from it',
      secrets: [
        {
          variable: 'RUNWARE_AIR_SOURCE',
          missing: !config.runware.airSource,
          why: 'trained models are uploaded to Runware under this AIR source, which must exist on your Runware account (create it on the Runware dashboard)',
          alwaysRequired: true,
        },
      ],
    });
  if (config.stripe)
    rules.push({
      name: 'Stripe',
      keyVar: 'STRIPE_SECRET_KEY',
      urlVar: 'STRIPE_API_URL',
      overridden: config.stripe.baseUrlOverridden,
      uses: 'Stripe posts payment webhooks to it',
      secrets: [
        {
          variable: 'STRIPE_WEBHOOK_SECRET',
          missing: !config.stripe.webhookSecret,
          why: 'payment webhooks cannot be verified, so paid tokens are credited late (by the reconcile job) and refunds and disputes are missed. Copy the whsec_… signing secret of the webhook endpoint from the Stripe dashboard',
        },
        {
          variable: 'STRIPE_PUBLISHABLE_KEY',
          missing: !config.stripe.publishableKey,
          why: 'the checkout page cannot load the card form without it. Copy the pk_… key from the API keys page of the Stripe dashboard',
        },
      ],
    });

  const verdicts: SetupVerdict[] = [];
  const reason = unreachableReason(config.publicUrl);
  if (reason) {
    const shown = e.PUBLIC_URL
      ? `${config.publicUrl} is`
      : `not set, so links use ${config.publicUrl}, which is`;
    const strict = rules.filter((r) => !r.overridden);
    if (strict.length > 0) {
      verdicts.push({
        level: 'error',
        variable: 'PUBLIC_URL',
        message:
          `PUBLIC_URL: ${shown} not a public https:// origin the vendors can reach (${reason}); ` +
          strict.map((r) => `${r.uses} (${r.keyVar} is set)`).join('; ') +
          '. Set PUBLIC_URL to the https origin your site is served at.',
      });
    }
    const relaxed = rules.filter((x) => x.overridden);
    if (relaxed.length > 0) {
      const vars = relaxed.map((r) => r.urlVar).join(', ');
      const names = relaxed.map((r) => r.name).join(', ');
      verdicts.push({
        level: 'warning',
        variable: 'PUBLIC_URL',
        message: `PUBLIC_URL: ${shown} not a public https:// origin (${reason}); allowed because ${vars} ${relaxed.length > 1 ? 'point' : 'points'} ${names} elsewhere (a proxy or local doubles) — the real ${relaxed.length > 1 ? 'vendors' : names} could not reach it.`,
      });
    }
  }
  for (const r of rules) {
    for (const s of r.secrets.filter((x) => x.missing)) {
      const fatal = s.alwaysRequired || !r.overridden || config.env === 'production';
      verdicts.push({
        level: fatal ? 'error' : 'warning',
        variable: s.variable,
        message: `${s.variable}: required when ${r.keyVar} is set: ${s.why}.${fatal ? '' : ` Allowed because ${r.urlVar} is overridden.`}`,
      });
    }
  }
  // a PaymentIntent made with a test secret key cannot be confirmed with a live publishable key, and back
  const mode = (key: string | undefined) => /^(?:sk|rk|pk)_(live|test)_/.exec(key ?? '')?.[1];
  const secretMode = mode(config.stripe?.secretKey);
  const publishableMode = mode(config.stripe?.publishableKey);
  if (secretMode && publishableMode && secretMode !== publishableMode) {
    verdicts.push({
      level: 'error',
      variable: 'STRIPE_PUBLISHABLE_KEY',
      message: `STRIPE_PUBLISHABLE_KEY: is a ${publishableMode} key but STRIPE_SECRET_KEY is a ${secretMode} key; use the pair from the same mode of the Stripe dashboard.`,
    });
  }
  return verdicts;
}

// What the server starts with: bad values and an unsafe vendor setup stop the start with the variable's name.
export function loadConfig(
  source: Record<string, string | undefined> = process.env,
  overrides: Partial<Config> = {},
): Config {
  const { config, verdicts } = parseConfig(source, overrides);
  const errors = verdicts.filter((v) => v.level === 'error');
  if (errors.length > 0) throw invalid(errors.map((v) => v.message));
  return { ...config, warnings: verdicts.filter((v) => v.level === 'warning').map((v) => v.message) };
}
