import { z } from 'zod';
import type { DbOrTx } from '../db/client';
import type { AppDeps } from '../deps';
import type { Queue } from './queue';

export const JOB_DELETE_PREFIX = 'storage.delete-prefix';
export const JOB_DELETE_KEYS = 'storage.delete-keys';

// a user's folder (or one inside it) or a folder inside the public space; never the bucket, never
// all of public/, never a `..` step (storage.ts refuses those too, but only when the job runs)
const prefixSchema = z
  .string()
  .max(300)
  .regex(/^(u\/[0-9a-f-]{36}\/|public\/[A-Za-z0-9._-]+\/)([A-Za-z0-9._-]+\/)*$/)
  .refine((p) => !p.includes('..'));
const keySchema = z
  .string()
  .max(300)
  .regex(/^(u\/[0-9a-f-]{36}|public)\/[A-Za-z0-9._\-/]+$/)
  .refine((k) => !k.includes('..') && !k.includes('//'));

/**
 * Files are deleted by a durable job enqueued in the transaction that deletes their rows: the rows
 * go first, so a crash never leaves a row pointing at a missing file, and the job outlives the
 * crash. Both jobs are idempotent (a missing key deletes fine), so a retry after a partial
 * deletion just finishes it.
 */
export function defineStorageJobs(deps: AppDeps) {
  deps.queue.define({
    name: JOB_DELETE_PREFIX,
    schema: z.object({ prefix: prefixSchema, sweepAgainMs: z.number().int().positive().optional() }),
    maxAttempts: 20,
    handler: async ({ prefix, sweepAgainMs }) => {
      const deleted = await deps.storage.deletePrefix(prefix);
      // a pipeline job already running when its model was deleted may still write a file or two
      // (weights, crops) before it notices; one later pass collects them
      if (sweepAgainMs) await deps.queue.enqueue(JOB_DELETE_PREFIX, { prefix }, { delayMs: sweepAgainMs });
      return { kind: 'done', result: { deleted } };
    },
  });
  deps.queue.define({
    name: JOB_DELETE_KEYS,
    schema: z.object({ keys: z.array(keySchema).min(1).max(100) }),
    maxAttempts: 20,
    handler: async ({ keys }) => {
      for (const key of keys) await deps.storage.delete(key);
    },
  });
}

/** Longer than a job handler's lease: by then a handler that was writing under the prefix has ended. */
export const SWEEP_AGAIN_MS = 10 * 60_000;

/**
 * Everything under `prefix` goes once `tx` commits; with `sweepAgain`, the prefix is swept once
 * more later, for a folder that running jobs may still write to (a model's).
 */
export function deleteFilesUnder(queue: Queue, tx: DbOrTx, prefix: string, o: { sweepAgain?: boolean } = {}) {
  const payload = {
    prefix: prefixSchema.parse(prefix),
    ...(o.sweepAgain ? { sweepAgainMs: SWEEP_AGAIN_MS } : {}),
  };
  return queue.enqueue(JOB_DELETE_PREFIX, payload, { tx });
}

/**
 * These files go once `tx` commits. A key outside the layout of storage/keys.ts (none is written
 * today) is skipped rather than failing the deletion of its row: storage would refuse it anyway.
 */
export function deleteFiles(queue: Queue, tx: DbOrTx, keys: string[]) {
  const valid = keys.filter((k) => keySchema.safeParse(k).success);
  if (!valid.length) return Promise.resolve(null);
  return queue.enqueue(JOB_DELETE_KEYS, { keys: valid }, { tx });
}
