import type { AppDeps } from '../../deps';
import { cropFace, medianDescriptor } from '../../engines/vision/faces';
import { createModelsRepository } from './models.repository';
import { CHECK_THRESHOLDS } from './photo-checks';

// What later features (likeness score, offline images of the person) take from a model's checked
// photos (decision 020). Server-side only: the descriptor is biometric data and never leaves it.

async function cleanSameFaces(deps: Pick<AppDeps, 'db'>, modelId: string) {
  const rows = await createModelsRepository(deps.db).cleanFaces(modelId);
  // a face far from the median is probably someone else: never part of the reference or the crop
  return rows.filter(
    (r) => r.faceDistance === null || r.faceDistance <= CHECK_THRESHOLDS.differentPersonDistance,
  );
}

/** The model's reference descriptor: the median of its clean photos' faces, or null before any. */
export async function referenceDescriptor(deps: Pick<AppDeps, 'db'>, modelId: string) {
  const rows = await cleanSameFaces(deps, modelId);
  return medianDescriptor(rows.map((r) => r.faceDescriptor!));
}

/** The sharpest clean face of the model as a square JPEG crop, or null when no photo passed. */
export async function bestFaceCrop(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  modelId: string,
  opts: { size?: number; margin?: number } = {},
) {
  const rows = (await cleanSameFaces(deps, modelId)).filter((r) => r.faceBox);
  rows.sort((a, b) => (b.faceSharpness ?? 0) - (a.faceSharpness ?? 0));
  for (const r of rows) {
    const image = await deps.storage.getBuffer(r.storageKey);
    if (image) return cropFace(image, r.faceBox!, opts);
  }
  return null;
}
