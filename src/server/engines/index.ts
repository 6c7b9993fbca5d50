import type { Config } from '../config';

export type EngineNames = {
  training: 'offline' | 'replicate' | 'ai-toolkit';
  hosting: 'offline' | 'runware' | 'comfyui';
  images: 'offline' | 'runware' | 'comfyui';
  vision: 'offline' | 'runware';
  payments: 'offline' | 'stripe';
  mail: 'outbox' | 'smtp';
  storage: 'local' | 's3';
};

// A vendor adapter is used when its keys are set; otherwise the offline engine (docs/product/interfaces.md).
// The self-hosted GPU engines are chosen per engine and win over a vendor's keys: GPU_TRAINER takes
// training before Replicate; ComfyUI (COMFYUI_URL, decision 059) takes hosting, generation and upscale
// before Runware. An operator who runs one has chosen to keep faces in; Runware may still caption.
export function engineNames(config: Config): EngineNames {
  const selfHosted = config.comfyui ? ('comfyui' as const) : undefined;
  return {
    training: config.gpu.trainer ? 'ai-toolkit' : config.replicate ? 'replicate' : 'offline',
    hosting: selfHosted ?? (config.runware ? 'runware' : 'offline'),
    images: selfHosted ?? (config.runware ? 'runware' : 'offline'),
    vision: config.runware ? 'runware' : 'offline',
    payments: config.stripe ? 'stripe' : 'offline',
    mail: config.smtp ? 'smtp' : 'outbox',
    storage: config.s3 ? 's3' : 'local',
  };
}
