import type { Config } from '../../config';
import type { Storage } from '../../storage/storage';
import { createOfflineTrainer } from './offline';
import { createReplicateTrainer } from './replicate';
import { ProviderError, type TrainingEngine } from './training';

/** A model trained on a vendor whose keys are gone: every step fails (and the pipeline refunds). */
function unavailable(name: 'replicate'): TrainingEngine {
  const fail = async (): Promise<never> => {
    throw new ProviderError(`The ${name} trainer is not configured on this server`, false);
  };
  return { name, pollMs: 1000, maxDurationMs: 60_000, start: fail, poll: fail, cancel: fail };
}

/** The trainer a model went through (kept on the model), else the configured one. */
export function createTrainingEngine(
  deps: { config: Config; storage: Storage },
  name?: string | null,
): TrainingEngine {
  const pick = name ?? (deps.config.replicate ? 'replicate' : 'offline');
  if (pick === 'replicate')
    return deps.config.replicate ? createReplicateTrainer(deps) : unavailable('replicate');
  return createOfflineTrainer({ storage: deps.storage, trainSeconds: deps.config.offline.trainSeconds });
}
