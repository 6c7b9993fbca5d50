import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { createConsentRepository } from './consent.repository';

export const JOB_FORGET_FACES = 'privacy.forget-faces';

/**
 * Face analysis switched off (decision 025): every face descriptor and likeness score of the user is
 * deleted. Idempotent (a second run finds nothing), so a crash mid-way is simply run again. When the
 * user switched back on meanwhile, the data computed since is theirs to keep: the job then does nothing.
 */
export function defineConsentJobs(deps: AppDeps) {
  deps.queue.define({
    name: JOB_FORGET_FACES,
    schema: z.object({ userId: z.uuid() }),
    maxAttempts: 20,
    handler: async ({ userId }) => {
      const result = await deps.db.transaction(async (tx) => {
        const repo = createConsentRepository(tx);
        if ((await repo.get(userId, { lock: true }))?.faceAnalysis) return null;
        return repo.forgetFaces(userId);
      });
      return { kind: 'done', result };
    },
  });
}
