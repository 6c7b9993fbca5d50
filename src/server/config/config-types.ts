import type { JobConcurrency } from '../jobs/job-kinds';
import type { BackupConfig } from './backup';
import type { ComfyuiConfig } from './comfyui';
import type { Env } from './env';
import type { GpuConfig } from './gpu';

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
  /** the self-hosted GPU engines and their base model (config/gpu.ts) */
  gpu: GpuConfig;
  /** self-hosted hosting, generation and upscale (issue 42, config/comfyui.ts) */
  comfyui?: ComfyuiConfig;
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
  /** ADMIN_2FA: whether an admin must enrol a second factor (TOTP or passkey) before admin routes open */
  admin2fa: 'required' | 'optional';
  referralMonthlyCap: number;
  /**
   * The retention schedule (issue 22), published as read: training photos and their face
   * descriptors photoRetentionDays after the model is ready; photos of a model never trained
   * unusedModelPhotoDays after upload; a data export offered exportLinkHours; the admin audit log
   * kept auditLogRetentionDays; a notification (the bell's list) notificationRetentionDays after it
   * was made; a deleted account's e-mail, as a keyed hash for the welcome-bonus rule only,
   * deletedEmailRetentionDays after the deletion.
   */
  privacy: {
    photoRetentionDays: number;
    unusedModelPhotoDays: number;
    exportLinkHours: number;
    auditLogRetentionDays: number;
    notificationRetentionDays: number;
    deletedEmailRetentionDays: number;
  };
  /**
   * Real-user Web Vitals: the share (0–1) of page loads whose browser reports them, and the days a
   * sample is kept (docs/decisions/057-web-vitals.md)
   */
  vitals: { sampleRate: number; retentionDays: number };
  /** where `npm run backup` writes, the daily schedule, and how long backups are kept (config/backup.ts) */
  backup: BackupConfig;
  /** Bearer token for GET /metrics; unset → only an admin session may read it */
  metricsToken?: string;
  /**
   * OpenTelemetry traces over OTLP (docs/decisions/063-tracing.md): set when OTEL_EXPORTER_OTLP_ENDPOINT
   * (or its traces-only form) is set and OTEL_SDK_DISABLED is not `true`; unset, the SDK is never loaded.
   */
  tracing?: { endpoint: string; serviceName: string };
  /** JOB_CONCURRENCY: handlers one worker process runs at once, in all and per kind of job */
  jobConcurrency: JobConcurrency;
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
