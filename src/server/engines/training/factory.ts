import type { Config } from '../../config';
import type { Storage } from '../../storage/storage';
import { createOfflineTrainer } from './offline';
import { createReplicateTrainer } from './replicate';
import type { TrainingEngine } from './training';

/** The trainer a model went through (kept on the model), else the configured one. */
export function createTrainingEngine(deps: { config: Config; storage: Storage }, name?: string | null): TrainingEngine {
  const pick = name ?? (deps.config.replicate ? 'replicate' : 'offline');
  if (pick === 'replicate' && deps.config.replicate) return createReplicateTrainer(deps);
  return createOfflineTrainer({ storage: deps.storage, trainSeconds: deps.config.offline.trainSeconds });
}
