import { sharp } from '../../lib/sharp';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { EngineError } from '../../engines/engine-error';
import { createModelsRepository } from './models.repository';
import { faceDistance } from '../../engines/vision/faces';
import {
  CHECK_THRESHOLDS,
  distancesToMedian,
  mainFace,
  photoProblems,
  referenceMedian,
} from './photo-checks';
import { faceAnalysisAllowed } from '../consent';

export const JOB_CHECK_PHOTOS = 'models.check-photos';
const payloadSchema = z.object({ modelId: z.uuid(), imageIds: z.array(z.uuid()).max(100) });
/** photos per run: each run stays short (docs/architecture.md, the job path) and the rest follows */
const PHOTOS_PER_RUN = 4;

type PhotoCheck = Parameters<ReturnType<typeof createModelsRepository>['saveCheck']>[1];
type Fresh = { id: string; storageKey: string; check: PhotoCheck };
const FAILED: PhotoCheck = {
  checkStatus: 'failed',
  checkProblems: [],
  faceBox: null,
  faceSharpness: null,
  faceDescriptor: null,
};

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
      const todo = await createModelsRepository(deps.db).imagesToCheck(modelId, imageIds);
      const userId = todo[0]?.userId;
      // without the user's face-analysis consent the descriptor is never computed (decision 025): the
      // checks that need no identity still run, "different person" stays off
      const identity = userId ? await faceAnalysisAllowed(deps.db, userId) : false;
      const checks: Fresh[] = [];
      for (const img of todo.slice(0, PHOTOS_PER_RUN)) {
        const buf = await deps.storage.getBuffer(img.storageKey);
        // the photo was removed meanwhile (remove-flagged, model deleted)
        if (!buf) continue;
        try {
          const report = await deps.engines.faces.analyzeFaces(buf, { descriptors: identity });
          const face = mainFace(report);
          checks.push({
            id: img.id,
            storageKey: img.storageKey,
            check: {
              checkStatus: 'checked',
              checkProblems: photoProblems(report),
              faceBox: face?.box ?? null,
              faceSharpness: face?.sharpness ?? null,
              faceDescriptor: identity && face?.descriptor.length ? face.descriptor : null,
            },
          });
        } catch (err) {
          // a retryable failure (the worker stopped, a timeout) is the job's to retry; anything else
          // is this photo's, and the photo stays unchecked rather than blocking the others
          if (err instanceof EngineError && err.retryable) throw err;
          checks.push({ id: img.id, storageKey: img.storageKey, check: FAILED });
        }
      }
      const last = todo.length <= PHOTOS_PER_RUN;
      const mirrored =
        last && identity ? await mirroredCloser(deps, modelId, checks) : new Map<string, number[]>();
      // the last photos' verdicts and the model's different-person signal land together: a reader
      // who sees nothing pending also sees every distance
      await deps.db.transaction(async (tx) => {
        const repo = createModelsRepository(tx);
        // consent withdrawn while the photos were analysed: store no descriptor after all
        const keep = identity && userId ? await faceAnalysisAllowed(tx, userId, { lock: true }) : false;
        for (const { id, check } of checks) {
          await repo.saveCheck(id, keep ? check : { ...check, faceDescriptor: null });
        }
        if (keep) for (const [id, descriptor] of mirrored) await repo.setFaceDescriptor(id, descriptor);
        if (last) await refreshFaceDistances({ db: tx }, modelId);
      });
      return last ? undefined : ctx.retryIn(0);
    },
    // the engine kept failing: the photos say so instead of "checking" for ever
    onFailed: async ({ modelId, imageIds }) => {
      const repo = createModelsRepository(deps.db);
      for (const img of await repo.imagesToCheck(modelId, imageIds)) {
        await repo.saveCheck(img.id, FAILED);
      }
    },
  });
}

/**
 * Front cameras mirror selfies, and a mirrored face is far from the same face unmirrored (person-a-1:
 * 0.13 from the median, 0.69 mirrored). Before a photo is called "someone else", its face is described
 * once more mirrored; when that is closer, the mirrored descriptor becomes the photo's, so later
 * refreshes (after a removal) and the likeness reference agree. Only the photos past the threshold pay
 * the second description.
 */
async function mirroredCloser(
  deps: AppDeps,
  modelId: string,
  fresh: Fresh[],
): Promise<Map<string, number[]>> {
  const rows = new Map(
    (await createModelsRepository(deps.db).checkedFaces(modelId)).map((r) => [
      r.id,
      { storageKey: r.storageKey, problems: r.checkProblems, descriptor: r.faceDescriptor },
    ]),
  );
  // this run's verdicts are saved with the distances, after this: count them as if saved
  for (const { id, storageKey, check } of fresh) {
    if (check.checkStatus !== 'checked') rows.delete(id);
    else
      rows.set(id, {
        storageKey,
        problems: check.checkProblems ?? [],
        descriptor: check.faceDescriptor ?? null,
      });
  }
  const median = referenceMedian(
    [...rows.values()].map((r) => ({ descriptor: r.descriptor, clean: r.problems.length === 0 })),
  );
  const out = new Map<string, number[]>();
  if (!median) return out;
  for (const [id, row] of rows) {
    if (!row.descriptor) continue;
    const distance = faceDistance(row.descriptor, median);
    if (distance <= CHECK_THRESHOLDS.differentPersonDistance) continue;
    const data = await deps.storage.getBuffer(row.storageKey);
    if (!data) continue;
    try {
      const flipped = await sharp(data).rotate().flop().jpeg({ quality: 95 }).toBuffer();
      const descriptor = await deps.engines.faces.describe(flipped);
      if (descriptor && faceDistance(descriptor, median) < distance) out.set(id, descriptor);
    } catch (err) {
      // advisory: a photo that cannot be mirrored keeps its verdict
      if (err instanceof EngineError && err.retryable) throw err;
    }
  }
  return out;
}

/** Recomputes every checked photo's distance to the model's median face (after checks and removals). */
export async function refreshFaceDistances(deps: { db: DbOrTx }, modelId: string) {
  const repo = createModelsRepository(deps.db);
  const rows = await repo.checkedFaces(modelId);
  const distances = distancesToMedian(
    rows.map((r) => ({ id: r.id, descriptor: r.faceDescriptor, clean: r.checkProblems.length === 0 })),
  );
  for (const [id, d] of distances) await repo.setFaceDistance(id, d);
}
