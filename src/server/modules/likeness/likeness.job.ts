import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { faceDistance } from '../../engines/vision/faces';
import { modelReferenceDescriptor } from './face-reference';
import { likenessOrNone } from './likeness-score';
import { createLikenessRepository } from './likeness.repository';
import { faceAnalysisAllowed } from '../consent';

export const LIKENESS_JOB = 'generation.score-likeness';
const payloadSchema = z.object({ imageId: z.uuid() });

/** Queues the score of one stored image (idempotent: one job per image). */
export async function enqueueLikeness(deps: Pick<AppDeps, 'queue'>, imageId: string) {
  await deps.queue.enqueue(LIKENESS_JOB, { imageId }, { singletonKey: `likeness:${imageId}` });
}

/**
 * Scores a generated image made with a personal model (decision 022): its largest face against the
 * model's reference descriptor. No score (null, never a guessed number) when the image cannot show the
 * person: LoRA weight 0, no face in it, a face too far from the person's to be theirs, or no face in the
 * model's photos.
 */
export async function scoreImage(deps: AppDeps, imageId: string): Promise<number | null> {
  const repo = createLikenessRepository(deps.db);
  const image = await repo.image(imageId);
  if (!image?.modelId) return null;
  if (image.loraStrength !== null && image.loraStrength <= 0) {
    await repo.setLikeness(imageId, null);
    return null;
  }
  // no face-analysis consent: no score (decision 025); the screens say why
  if (!(await faceAnalysisAllowed(deps.db, image.userId))) {
    await repo.setLikeness(imageId, null);
    return null;
  }
  const reference = await modelReferenceDescriptor(deps, image.modelId);
  if (!reference) {
    await repo.setLikeness(imageId, null);
    return null;
  }
  const data = await deps.storage.getBuffer(image.storageKey);
  if (!data) return null;
  const descriptor = await deps.engines.faces.describe(data);
  const score = descriptor ? likenessOrNone(faceDistance(descriptor, reference)) : null;
  return deps.db.transaction(async (tx) => {
    // switched off while scoring: the forget job waits on this lock, then clears what is stored here
    const kept = (await faceAnalysisAllowed(tx, image.userId, { lock: true })) ? score : null;
    await createLikenessRepository(tx).setLikeness(imageId, kept);
    return kept;
  });
}

export function defineLikenessJob(deps: AppDeps) {
  deps.queue.define({
    name: LIKENESS_JOB,
    schema: payloadSchema,
    maxAttempts: 3,
    // the first photo of a process loads the face weights, and a model's first score analyses its photos
    leaseMs: 5 * 60_000,
    backoffMs: (attempt) => Math.min(60_000, 5000 * 2 ** (attempt - 1)),
    handler: async ({ imageId }) => {
      await scoreImage(deps, imageId);
      return { kind: 'done' };
    },
  });
}
