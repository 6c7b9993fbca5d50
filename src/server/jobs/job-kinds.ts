import type { JobPayloads } from './job-payloads';

/**
 * The kinds of work a worker caps separately (JOB_CONCURRENCY, README): one slow or bursty kind —
 * a wave of renders, vendor trainings that wait minutes — cannot take every slot of a worker while
 * a password-reset mail or a photo check waits behind it.
 */
export const JOB_KINDS = [
  'generation',
  'likeness',
  'training',
  'hosting',
  'photos',
  'mail',
  'exports',
  'privacy',
  'maintenance',
] as const;
export type JobKind = (typeof JOB_KINDS)[number];

/** Every job's kind; a job added to JobPayloads does not compile until it has one. */
export const JOB_KIND_OF: Record<keyof JobPayloads, JobKind> = {
  'generation.render': 'generation',
  'generation.score-likeness': 'likeness',
  'upscale.render': 'generation',
  'training.run': 'training',
  'hosting.upload': 'hosting',
  'models.check-photos': 'photos',
  'auth.forgot-password': 'mail',
  'account.farewell-mail': 'mail',
  'exports.ready-mail': 'mail',
  'exports.build': 'exports',
  'account.delete': 'privacy',
  'privacy.forget-faces': 'privacy',
  'privacy.retention': 'privacy',
  'system.maintenance': 'maintenance',
  'system.backup': 'maintenance',
  'payments.reconcile': 'maintenance',
  'models.watchdog': 'maintenance',
  'storage.delete-prefix': 'maintenance',
  'models.remove-hosted-copy': 'maintenance',
  'storage.delete-keys': 'maintenance',
  'styles.collect-preview': 'maintenance',
  'audit.purge': 'maintenance',
  'exports.expire': 'maintenance',
  'packs.run': 'generation',
  'packs.draw-samples': 'maintenance',
  'notifications.mail': 'mail',
};

export type JobConcurrency = {
  /** handlers one worker process runs at once, all kinds together */
  total: number;
  /** and of each kind */
  perKind: Record<JobKind, number>;
};

/**
 * Per worker process. Renders are short (offline) or mostly waiting (a vendor); a training or an
 * upload holds its slot for minutes of vendor polling; face checks and likeness scores share one
 * face-model thread, so a second slot would only queue inside it; an export zips a whole account.
 */
export const DEFAULT_JOB_CONCURRENCY: JobConcurrency = {
  total: 8,
  perKind: {
    generation: 4,
    likeness: 1,
    training: 2,
    hosting: 2,
    photos: 1,
    mail: 2,
    exports: 1,
    privacy: 2,
    maintenance: 2,
  },
};

export const MAX_JOB_CONCURRENCY = 64;

/**
 * Reads JOB_CONCURRENCY: comma-separated `kind=n` limits and, optionally, the total as a bare number
 * or `total=n` (`8`, `generation=6,training=1`, `12,generation=8`). Unnamed kinds keep their
 * defaults. Returns the limits, or the message that names what is wrong.
 */
export function parseJobConcurrency(
  value: string,
): { ok: true; value: JobConcurrency } | { ok: false; error: string } {
  const out: JobConcurrency = {
    total: DEFAULT_JOB_CONCURRENCY.total,
    perKind: { ...DEFAULT_JOB_CONCURRENCY.perKind },
  };
  const parts = value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0)
    return { ok: false, error: 'give a total and/or kind=n limits, e.g. 8,generation=4' };
  const seen = new Set<string>();
  for (const part of parts) {
    const m = /^(?:([a-z_-]+)\s*=\s*)?([^\s=]+)$/i.exec(part);
    const name = (m?.[1] ?? 'total').toLowerCase();
    const n = Number(m?.[2]);
    if (name !== 'total' && !(JOB_KINDS as readonly string[]).includes(name))
      return { ok: false, error: `unknown job kind "${name}" (kinds: total, ${JOB_KINDS.join(', ')})` };
    if (!m || !Number.isInteger(n) || n < 1 || n > MAX_JOB_CONCURRENCY)
      return {
        ok: false,
        error: `"${part}": each limit must be a whole number from 1 to ${MAX_JOB_CONCURRENCY}`,
      };
    if (seen.has(name)) return { ok: false, error: `"${name}" is given twice` };
    seen.add(name);
    if (name === 'total') out.total = n;
    else out.perKind[name as JobKind] = n;
  }
  return { ok: true, value: out };
}
