import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { backupConfigOf } from './backup';
import { parseComfyui } from './comfyui';
import { DEFAULT_TIMINGS, type Config } from './config-types';
import { envSchema, type Env } from './env';
import { gpuConfigOf } from './gpu';
import { judgeVendorSetup, VENDOR_DEFAULT_URLS, type SetupVerdict } from './vendor-setup';

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

export type ParsedConfig = { config: Config; verdicts: SetupVerdict[] };

// Spelling out the vendor's own URL is not an override: only another host or path relaxes the safe start.
function baseUrl(value: string | undefined, fallback: string) {
  const url = value === undefined ? fallback : value.replace(/\/+$/, '');
  return { baseUrl: url, baseUrlOverridden: url !== fallback };
}

/** Tracing is on with an OTLP endpoint, unless the standard OTEL_SDK_DISABLED=true turns it off. */
function parseTracing(e: Env): Config['tracing'] {
  const endpoint = e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? e.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint || e.OTEL_SDK_DISABLED === 'true') return undefined;
  return { endpoint, serviceName: e.OTEL_SERVICE_NAME ?? 'lora-studio' };
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

  const gpu = gpuConfigOf(e);
  if (gpu.problems.length > 0) throw invalid(gpu.problems);
  const comfyui = parseComfyui(e);
  if (!comfyui.ok) throw invalid(comfyui.errors);
  // Runware takes a personal LoRA as FLUX.1 [dev] (shared/architecture.ts): one trained here on another
  // base would be uploaded under the wrong family and render noise that is billed
  if (gpu.config.trainer && gpu.config.baseModel !== 'flux1-dev' && e.RUNWARE_API_KEY && !comfyui.value)
    throw invalid([
      `GPU_BASE_MODEL: ${gpu.config.baseModel} LoRAs cannot be hosted on Runware, which takes personal models as FLUX.1 [dev]: set COMFYUI_URL to generate on your own GPU too, or train on GPU_BASE_MODEL=flux1-dev (with GPU_BASE_MODEL_LICENSED=1)`,
    ]);
  const backup = backupConfigOf(e, e.S3_BUCKET !== undefined);
  if (backup.problems.length > 0) throw invalid(backup.problems);

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
    gpu: gpu.config,
    comfyui: comfyui.value,
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
    admin2fa: e.ADMIN_2FA,
    referralMonthlyCap: e.REFERRAL_MONTHLY_CAP,
    privacy: {
      photoRetentionDays: e.PHOTO_RETENTION_DAYS,
      unusedModelPhotoDays: e.UNUSED_MODEL_PHOTO_DAYS,
      exportLinkHours: e.EXPORT_LINK_HOURS,
      auditLogRetentionDays: e.AUDIT_LOG_RETENTION_DAYS,
      notificationRetentionDays: e.NOTIFICATION_RETENTION_DAYS,
      deletedEmailRetentionDays: e.DELETED_EMAIL_RETENTION_DAYS,
    },
    backup: backup.config,
    metricsToken: e.METRICS_TOKEN,
    tracing: parseTracing(e),
    vitals: { sampleRate: e.VITALS_SAMPLE_RATE, retentionDays: e.VITALS_RETENTION_DAYS },
    jobConcurrency: e.JOB_CONCURRENCY,
    timings: DEFAULT_TIMINGS,
    warnings: [],
    ...overrides,
  };
  return { config, verdicts: judgeVendorSetup(config, e) };
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

/**
 * The configuration of a command (the server, `npm run backup`, an admin script): a mistake in the
 * environment is printed as the list of what to fix and ends the process with code 2, no stack.
 */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(2);
  }
}
