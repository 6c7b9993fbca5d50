import { createHash } from 'node:crypto';
import type { AppDeps } from '../../deps';
import { cropFace, faceDistance, medianDescriptor, type DetectedFace } from '../../engines/vision/faces';
import { modelPrefix } from '../../storage/keys';
import { createFaceReferenceRepository, type FaceReferenceRow } from './face-reference.repository';
import { faceAnalysisAllowed } from '../consent';

type Deps = Pick<AppDeps, 'db' | 'storage' | 'engines' | 'log'>;

/** At about a second a photo, the reference is built from this many photos at most. */
export const REFERENCE_MAX_PHOTOS = 8;
/** A photo whose face is this far from the median is left out of the best-crop choice (someone else). */
const OUTLIER_DISTANCE = 0.6;
const CROP_SIZE = 384;

export const bestCropKey = (userId: string, modelId: string) =>
  `${modelPrefix(userId, modelId)}best-face.jpg`;

const photoSetOf = (ids: string[]) =>
  createHash('sha256')
    .update([...ids].sort().join(','))
    .digest('hex')
    .slice(0, 32);

/** How good a face is to draw: big, sharp, turned towards the camera. */
function cropQuality(f: DetectedFace): number {
  const frontal = Math.abs(f.pose.yaw) < 35 ? 1 : 0.5;
  return f.sizeRatio * Math.sqrt(Math.max(0, f.sharpness)) * frontal;
}

/**
 * The model's face reference, computed once per set of photos and cached (model_face_references).
 * This is the ONLY place the likeness score and the offline renderer learn what the person looks like;
 * when the photo checks store per-photo descriptors it reads those instead of analysing again.
 */
async function faceReference(deps: Deps, modelId: string): Promise<FaceReferenceRow | null> {
  const repo = createFaceReferenceRepository(deps.db);
  const model = await repo.model(modelId);
  if (!model) return null;
  // without the owner's face-analysis consent no descriptor is computed (decision 025); the crop the
  // offline renderer draws with needs only the face's box
  const identity = await faceAnalysisAllowed(deps.db, model.userId);
  const photos = (await repo.photos(modelId)).slice(0, REFERENCE_MAX_PHOTOS);
  const photoSet = photoSetOf(photos.map((p) => p.id));
  const cached = await repo.cached(modelId);
  if (cached && cached.photoSet === photoSet && (identity || !cached.descriptor)) return cached;
  const found: { buffer: Buffer; face: DetectedFace }[] = [];
  for (const p of photos) {
    const buffer = await deps.storage.getBuffer(p.storageKey);
    if (!buffer) continue;
    const report = await deps.engines.faces.analyzeFaces(buffer, { descriptors: identity });
    const face = report.faces[0];
    if (face) found.push({ buffer, face });
  }
  const descriptor = identity ? medianDescriptor(found.map((f) => f.face.descriptor)) : null;
  let cropKey: string | null = null;
  if (found.length > 0) {
    const candidates = descriptor
      ? found.filter((f) => faceDistance(f.face.descriptor, descriptor) < OUTLIER_DISTANCE)
      : found;
    const best = (candidates.length > 0 ? candidates : found).reduce((a, b) =>
      cropQuality(b.face) > cropQuality(a.face) ? b : a,
    );
    const crop = await cropFace(best.buffer, best.face.box, { margin: 0.45, size: CROP_SIZE });
    cropKey = bestCropKey(model.userId, modelId);
    await deps.storage.put(cropKey, crop, 'image/jpeg');
  }
  const row: FaceReferenceRow = {
    modelId,
    descriptor,
    bestCropKey: cropKey,
    faces: found.length,
    photoSet,
    computedAt: new Date(),
  };
  return deps.db.transaction(async (tx) => {
    // consent withdrawn meanwhile: keep the crop, not the descriptor
    const keep = identity && (await faceAnalysisAllowed(tx, model.userId, { lock: true }));
    const saved = keep ? row : { ...row, descriptor: null };
    await createFaceReferenceRepository(tx).save(saved);
    return saved;
  });
}

/** The median descriptor of the model's training photos, or null when none shows a face. Biometric: server-side only. */
export async function modelReferenceDescriptor(deps: Deps, modelId: string): Promise<number[] | null> {
  return (await faceReference(deps, modelId))?.descriptor ?? null;
}

/** The largest, sharpest face among the model's photos (not an outlier), as a square JPEG, or null. */
export async function modelBestFaceCrop(deps: Deps, modelId: string): Promise<Buffer | null> {
  const ref = await faceReference(deps, modelId);
  if (!ref?.bestCropKey) return null;
  return deps.storage.getBuffer(ref.bestCropKey);
}
