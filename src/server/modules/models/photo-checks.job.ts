import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { EngineError } from '../../engines/engine-error';
import { createModelsRepository } from './models.repository';
import { distancesToMedian, mainFace, photoProblems } from './photo-checks';

export const JOB_CHECK_PHOTOS = 'models.check-photos';
const payloadSchema = z.object({ modelId: z.uuid(), imageIds: z.array(z.uuid()).max(100) });
/** photos per run: each run stays short (docs/architecture.md, the job path) and the rest follows */
const PHOTOS_PER_RUN = 4;

/**
 * Checks the photos of one upload with the offline face engine (decision 020), then refreshes the
 * different-person signal of the whole model. Advisory only: nothing here blocks training.
 */
export function definePhotoChecksJob(deps: AppDeps) {
  deps.queue.define({
    name: JOB_CHECK_PHOTOS,
    schema: payloadSchema,
    maxAttempts: 3,
    // the first photo of a fresh worker thread includes loading the weights
    leaseMs: 180_000,
    handler: async ({ modelId, imageIds }, ctx) => {
      const repo = createModelsRepository(deps.db);
      const todo = await repo.imagesToCheck(modelId, imageIds);
      for (const img of todo.slice(0, PHOTOS_PER_RUN)) {
        const buf = await deps.storage.getBuffer(img.storageKey);
        // the photo was removed meanwhile (remove-flagged, model deleted)
        if (!buf) continue;
        try {
          const report = await deps.engines.faces.analyzeFaces(buf);
          const face = mainFace(report);
          await repo.saveCheck(img.id, {
            checkStatus: 'checked',
            checkProblems: photoProblems(report),
            faceBox: face?.box ?? null,
            faceSharpness: face?.sharpness ?? null,
            faceDescriptor: face?.descriptor ?? null,
          });
        } catch (err) {
          // a retryable failure (the worker stopped, a timeout) is the job's to retry; anything else
          // is this photo's, and the photo stays unchecked rather than blocking the others
          if (err instanceof EngineError && err.retryable) throw err;
          await repo.saveCheck(img.id, {
            checkStatus: 'failed',
            checkProblems: [],
            faceBox: null,
            faceSharpness: null,
            faceDescriptor: null,
          });
        }
      }
      if (todo.length > PHOTOS_PER_RUN) return ctx.retryIn(0);
      await refreshFaceDistances(deps, modelId);
      return undefined;
    },
    // the engine kept failing: the photos say so instead of "checking" for ever
    onFailed: async ({ modelId, imageIds }) => {
      const repo = createModelsRepository(deps.db);
      for (const img of await repo.imagesToCheck(modelId, imageIds)) {
        await repo.saveCheck(img.id, {
          checkStatus: 'failed',
          checkProblems: [],
          faceBox: null,
          faceSharpness: null,
          faceDescriptor: null,
        });
      }
    },
  });
}

/** Recomputes every checked photo's distance to the model's median face (after checks and removals). */
export async function refreshFaceDistances(deps: Pick<AppDeps, 'db'>, modelId: string) {
  const repo = createModelsRepository(deps.db);
  const rows = await repo.checkedFaces(modelId);
  const distances = distancesToMedian(
    rows.map((r) => ({ id: r.id, descriptor: r.faceDescriptor, clean: r.checkProblems.length === 0 })),
  );
  for (const [id, d] of distances) await repo.setFaceDistance(id, d);
}
