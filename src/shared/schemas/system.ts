import { z } from 'zod';

/**
 * Which engine serves each kind of work: a vendor when its keys are set, else the offline one; a
 * self-hosted GPU engine when configured (ai-toolkit trains on the operator's GPU, ComfyUI hosts,
 * generates and upscales).
 */
export const engineNamesSchema = z.object({
  training: z.enum(['offline', 'replicate', 'ai-toolkit']),
  hosting: z.enum(['offline', 'runware', 'comfyui']),
  images: z.enum(['offline', 'runware', 'comfyui']),
  vision: z.enum(['offline', 'runware']),
  payments: z.enum(['offline', 'stripe']),
  mail: z.enum(['outbox', 'smtp']),
  storage: z.enum(['local', 's3']),
});
export type EngineNames = z.infer<typeof engineNamesSchema>;

/** A vendor that receives personal data with the running configuration (decision 025). */
export const processorSchema = z.object({
  name: z.enum(['Replicate', 'Runware', 'Stripe', 'SMTP', 'S3']),
  purpose: z.string(),
  data: z.string(),
  retention: z.string(),
  /** whether it receives training photos (the landing page's claim depends on it) */
  photos: z.boolean(),
});
export type Processor = z.infer<typeof processorSchema>;

/** The retention schedule and the live processors, read from the one configuration (decision 025). */
export const privacyConfigSchema = z.object({
  photoRetentionDays: z.number().int(),
  unusedModelPhotoDays: z.number().int(),
  exportLinkHours: z.number().int(),
  auditLogRetentionDays: z.number().int(),
  notificationRetentionDays: z.number().int(),
  /** a deleted account's e-mail, as a keyed hash that only stops a second welcome bonus */
  deletedEmailRetentionDays: z.number().int(),
  /** BACKUP_RETENTION_DAYS: how long a backup (and so anything deleted since it was taken) is kept */
  backupRetentionDays: z.number().int(),
  /** empty: none, everything stays on the operator's servers (this one, and a self-hosted ComfyUI) */
  processors: z.array(processorSchema),
});
export type PrivacyConfig = z.infer<typeof privacyConfigSchema>;

/** GET /api/config: what the client needs to know about the server's setup. */
export const publicConfigSchema = z.object({
  engines: engineNamesSchema,
  stripePublishableKey: z.string().optional(),
  privacy: privacyConfigSchema,
  /** the share (0–1) of page loads whose browser reports Web Vitals (decision 057) */
  vitalsSampleRate: z.number(),
  /** ADMIN_2FA: `required` sends an admin with no second factor to enrol before the admin panel */
  admin2fa: z.enum(['required', 'optional']),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** GET /api/healthz, with 200 when the database answers and 503 when it does not. */
export const healthSchema = z.object({ ok: z.boolean(), db: z.boolean(), version: z.string() });

export const READINESS_CHECKS = ['database', 'migrations', 'storage'] as const;
export type ReadinessCheck = (typeof READINESS_CHECKS)[number];

/**
 * GET /api/readyz: 200 when this instance can serve (the database answers, every migration is
 * applied, storage takes a write), 503 naming the checks that failed. Liveness stays /api/healthz.
 */
export const readySchema = z.object({
  ok: z.boolean(),
  checks: z.object({ database: z.boolean(), migrations: z.boolean(), storage: z.boolean() }),
  failed: z.array(z.enum(READINESS_CHECKS)),
  version: z.string(),
});
export type Readiness = z.infer<typeof readySchema>;

export const JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;

/** GET /api/admin/system: what an operator needs to see that the system is healthy. */
export const adminSystemSchema = z.object({
  now: z.string(),
  /** unfinished and recently finished jobs, by name and state, with the age of the oldest */
  jobs: z.array(
    z.object({
      name: z.string(),
      status: z.enum(JOB_STATES),
      count: z.number().int(),
      oldestAt: z.string(),
    }),
  ),
  /** the queued job that has been due the longest (nobody picked it up yet), if any */
  oldestPending: z
    .object({ id: z.string(), name: z.string(), runAt: z.string(), attempts: z.number().int() })
    .nullable(),
  /** jobs that failed an attempt in the last hour, with the error they failed with */
  failures: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      status: z.enum(JOB_STATES),
      attempts: z.number().int(),
      maxAttempts: z.number().int(),
      error: z.string(),
      at: z.string(),
    }),
  ),
  workers: z.array(
    z.object({
      id: z.string(),
      role: z.string(),
      pid: z.number().int(),
      host: z.string(),
      startedAt: z.string(),
      lastSeen: z.string(),
      activeJobs: z.number().int(),
      /** not seen for several heartbeats: the process is gone */
      gone: z.boolean(),
    }),
  ),
});
export type AdminSystem = z.infer<typeof adminSystemSchema>;
