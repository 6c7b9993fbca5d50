import { fileUrl } from '../../lib/file-url';
import { parseTrainingSampleKey } from '../../storage/keys';
import type { PhotoCheck, TrainingSample } from '../../../shared/schemas/models';
import type { ModelRow, TrainingImageRow } from './models.repository';
import { verdictOf } from './photo-checks';

/** The advisory verdict of a photo (decision 020); the descriptor itself never leaves the server. */
export function toPhotoCheck(img: TrainingImageRow): PhotoCheck | null {
  if (!img.checkStatus) return null;
  const problems = img.checkStatus === 'checked' ? verdictOf(img.checkProblems, img.faceDistance) : [];
  return { status: img.checkStatus, verdict: problems[0] ?? null, problems };
}

function photoChecksSummary(images: TrainingImageRow[]) {
  let pending = 0;
  let passing = 0;
  let flagged = 0;
  for (const img of images) {
    const check = toPhotoCheck(img);
    if (check?.status === 'pending') pending++;
    else if (check?.verdict) flagged++;
    // unchecked (older) and failed photos are not counted against the user
    else passing++;
  }
  return { pending, passing, flagged };
}

export function toTrainingImage(img: TrainingImageRow) {
  return {
    id: img.id,
    // both keys are NOT NULL, so both URLs are set
    imageUrl: fileUrl(img.storageKey)!,
    previewImageUrl: fileUrl(img.thumbKey)!,
    width: img.width,
    height: img.height,
    check: toPhotoCheck(img),
  };
}

export function toPublicModel(m: ModelRow, images?: TrainingImageRow[]) {
  return {
    id: m.id,
    userId: m.userId,
    name: m.name,
    description: m.description,
    status: m.status,
    previewImageUrl: fileUrl(m.previewImageKey) ?? (images?.[0] ? fileUrl(images[0].thumbKey) : null),
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
    trainingImages: (images ?? []).map(toTrainingImage),
    imageCount: images?.length ?? 0,
    photoChecks: images ? photoChecksSummary(images) : null,
    zipUrl: m.zipKey ? fileUrl(m.zipKey) : null,
    replicateTrainingId: m.trainingId,
    replicateModelId: m.replicateModelId,
    runwareAirName: m.runwareAirName,
    promptModifier: m.promptModifier,
    triggerWord: m.triggerWord,
    processingStatus: m.processingStatus,
    trainingProvider: m.trainingProvider,
    trainingError: m.trainingError,
    subjectConsentAt: m.subjectConsentAt?.toISOString() ?? null,
    photosDeletedAt: m.photosDeletedAt?.toISOString() ?? null,
  };
}

/** The GPU trainer's sample images (keys under the model's `samples/`), in the order it rendered them. */
export function toTrainingSamples(keys: string[]): TrainingSample[] {
  return keys
    .map((key) => ({ key, parsed: parseTrainingSampleKey(key) }))
    .filter((s) => s.parsed !== null)
    .sort((a, b) => a.parsed!.n - b.parsed!.n)
    .map((s) => ({ url: fileUrl(s.key)!, step: s.parsed!.step }));
}
