import { z } from 'zod';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import type { Queue } from '../../jobs/queue';
import { STYLE_PREVIEW_PREFIX } from '../../storage/keys';
import { createStylesRepository } from './styles.repository';

export const JOB_COLLECT_PREVIEW = 'styles.collect-preview';
const keySchema = z
  .string()
  .max(200)
  .regex(/^public\/styles\/[A-Za-z0-9._-]+$/)
  .refine((k) => !k.includes('..'));

/** How long an uploaded preview may wait for the style form that uses it before it is collected. */
export const UNUSED_PREVIEW_GRACE_MS = 24 * 3_600_000;

/**
 * An uploaded style preview is collected once no style points at it: when a style drops or
 * replaces it, and a day after an upload that no style ever used. The job re-counts the
 * references when it runs, so a preview that was picked up again meanwhile stays.
 */
export function defineStylesJobs(deps: AppDeps) {
  deps.queue.define({
    name: JOB_COLLECT_PREVIEW,
    schema: z.object({ key: keySchema }),
    maxAttempts: 20,
    handler: async ({ key }) => {
      if ((await createStylesRepository(deps.db).countByPreview(key)) > 0)
        return { kind: 'done', result: 'in use' };
      await deps.storage.delete(key);
      return { kind: 'done', result: 'deleted' };
    },
  });
}

export function collectPreview(queue: Queue, tx: DbOrTx, key: string, delayMs = 0) {
  if (!key.startsWith(STYLE_PREVIEW_PREFIX)) return Promise.resolve(null);
  return queue.enqueue(JOB_COLLECT_PREVIEW, { key: keySchema.parse(key) }, { tx, delayMs });
}
