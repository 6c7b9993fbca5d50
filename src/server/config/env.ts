import { isIP } from 'node:net';
import { z } from 'zod';
import { strongPasswordSchema } from '../../shared/schemas/auth';
import { DEFAULT_JOB_CONCURRENCY, parseJobConcurrency } from '../jobs/job-kinds';
import { gpuEnvShape } from './gpu';
import { comfyuiEnvShape } from './comfyui';
import { backupEnvShape } from './backup';

// The environment the server reads, as one schema: each variable's type, bounds and default.
const optional = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const seconds = (def: number) => z.coerce.number().min(0).max(86_400).default(def);

export const envSchema = z.object({
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
  // issue 40: `required` keeps the admin panel (and /api/admin/*) shut to an admin with no second factor
  ADMIN_2FA: z.enum(['required', 'optional'], { error: 'must be required or optional' }).default('required'),
  // referral bonuses paid per inviter per calendar month; later referrals are recorded, not paid
  REFERRAL_MONTHLY_CAP: z.coerce.number().int().min(0).max(100_000).default(20),
  // issue 22: the retention schedule. The Privacy page and GET /api/config read these same values,
  // so what the studio publishes and what its daily job deletes cannot disagree.
  PHOTO_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  UNUSED_MODEL_PHOTO_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  EXPORT_LINK_HOURS: z.coerce.number().int().min(1).max(720).default(48),
  AUDIT_LOG_RETENTION_DAYS: z.coerce.number().int().min(30).max(3650).default(730),
  NOTIFICATION_RETENTION_DAYS: z.coerce.number().int().min(7).max(3650).default(180),
  // issue 40: a deleted account's e-mail is kept as a keyed hash this long, for the welcome-bonus rule only
  DELETED_EMAIL_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  // real-user Web Vitals (docs/decisions/057-web-vitals.md): the share of page loads whose browser
  // reports them, and how long the samples are kept
  VITALS_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(1),
  VITALS_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  // a Bearer token a Prometheus scraper sends to GET /metrics (admins may read it with their session)
  METRICS_TOKEN: optional.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  // issue 27: how many jobs one worker process runs at once, in all and per kind (jobs/job-kinds.ts)
  JOB_CONCURRENCY: optional.transform((v, ctx) => {
    if (v === undefined) return DEFAULT_JOB_CONCURRENCY;
    const parsed = parseJobConcurrency(v);
    if (parsed.ok) return parsed.value;
    ctx.addIssue({ code: 'custom', message: parsed.error });
    return z.NEVER;
  }),
  // issue 42: the operator's own GPU (config/gpu.ts)
  ...gpuEnvShape,
  // issue 42: ComfyUI, the self-hosted engines (config/comfyui.ts)
  ...comfyuiEnvShape,
  // backups and their retention (config/backup.ts)
  ...backupEnvShape,
  // OpenTelemetry (docs/decisions/063-tracing.md): either endpoint turns tracing on; the SDK reads these
  // and the other standard OTEL_* names (protocol, headers, sampler) itself
  OTEL_EXPORTER_OTLP_ENDPOINT: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
  OTEL_SERVICE_NAME: optional,
  OTEL_SDK_DISABLED: optional.pipe(z.enum(['true', 'false']).optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = z.infer<typeof envSchema>;
