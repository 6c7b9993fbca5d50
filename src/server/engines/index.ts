import type { Config } from '../config';

export type EngineNames = {
  training: 'offline' | 'replicate' | 'ai-toolkit';
  hosting: 'offline' | 'runware';
  images: 'offline' | 'runware';
  vision: 'offline' | 'runware';
  payments: 'offline' | 'stripe';
  mail: 'outbox' | 'smtp';
  storage: 'local' | 's3';
};

// A vendor adapter is used when its keys are set; otherwise the offline engine (docs/product/interfaces.md).
// The self-hosted GPU engines are chosen per engine (GPU_TRAINER, …) and win over a vendor's keys.
export function engineNames(config: Config): EngineNames {
  return {
    training: config.gpu.trainer ? 'ai-toolkit' : config.replicate ? 'replicate' : 'offline',
    hosting: config.runware ? 'runware' : 'offline',
    images: config.runware ? 'runware' : 'offline',
    vision: config.runware ? 'runware' : 'offline',
    payments: config.stripe ? 'stripe' : 'offline',
    mail: config.smtp ? 'smtp' : 'outbox',
    storage: config.s3 ? 's3' : 'local',
  };
}
