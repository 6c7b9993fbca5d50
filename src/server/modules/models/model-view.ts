import { fileUrl } from '../../lib/file-url';
import type { ModelRow, TrainingImageRow } from './models.repository';

export function toTrainingImage(img: TrainingImageRow) {
  return {
    id: img.id,
    // both keys are NOT NULL, so both URLs are set
    imageUrl: fileUrl(img.storageKey)!,
    previewImageUrl: fileUrl(img.thumbKey)!,
    width: img.width,
    height: img.height,
  };
}

export function toPublicModel(m: ModelRow, images: TrainingImageRow[] = []) {
  return {
    id: m.id,
    userId: m.userId,
    name: m.name,
    description: m.description,
    status: m.status,
    previewImageUrl: fileUrl(m.previewImageKey) ?? (images[0] ? fileUrl(images[0].thumbKey) : null),
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
    trainingImages: images.map(toTrainingImage),
    imageCount: images.length,
    zipUrl: m.zipKey ? fileUrl(m.zipKey) : null,
    replicateTrainingId: m.trainingId,
    replicateModelId: m.replicateModelId,
    runwareAirName: m.runwareAirName,
    promptModifier: m.promptModifier,
    triggerWord: m.triggerWord,
    processingStatus: m.processingStatus,
    trainingProvider: m.trainingProvider,
    trainingError: m.trainingError,
  };
}
