import type { Config } from '../../config';
import type { Storage } from '../../storage/storage';
import type { HostingEngine } from './hosting';
import { createOfflineHost } from './offline';
import { createRunwareHost } from './runware';

/**
 * Runware hosts real LoRA weights; a model trained offline has only the offline artifact, which only the
 * offline host (and the offline renderer) can serve.
 */
export function hostingEngineFor(
  deps: { config: Config; storage: Storage },
  model: { weightsKey: string | null; hostingProvider?: string | null },
): HostingEngine {
  const pick = model.hostingProvider ?? (deps.config.runware && model.weightsKey ? 'runware' : 'offline');
  if (pick === 'runware' && deps.config.runware) return createRunwareHost(deps);
  return createOfflineHost({ hostSeconds: deps.config.offline.hostSeconds });
}
