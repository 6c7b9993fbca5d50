import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Storage } from '../storage/storage';
import type { UrlSigner } from '../storage/signed-url';
import { engineNames, type EngineNames } from './index';
import type { HostingEngine } from './hosting/hosting';
import { createOfflineHost } from './hosting/offline';
import { createRunwareHost } from './hosting/runware';
import type { ImageEngine } from './images/images';
import { createOfflineImageEngine } from './images/offline';
import { createRunwareImageEngine } from './images/runware';
import { createOfflineUpscaler, type Upscaler } from './images/upscale';
import { createRunwareUpscaler } from './images/runware-upscale';
import { createRunwareClient, type RunwareClient } from './runware-client';
import { createComfyClient } from './comfyui/comfyui-client';
import { createComfyHost } from './comfyui/comfyui-host';
import { createComfyImageEngine } from './comfyui/comfyui-images';
import { createComfyUpscaler } from './comfyui/comfyui-upscale';
import { createOfflinePaymentsEngine, type OfflinePaymentsEngine } from './payments/offline';
import { createStripePaymentsEngine, type StripePaymentsEngine } from './payments/stripe';
import { createAiToolkitTrainer } from './training/ai-toolkit';
import { createOfflineTrainer } from './training/offline';
import { createReplicateTrainer } from './training/replicate';
import type { TrainingEngine } from './training/training';
import { EngineError } from './engine-error';
import { createOfflineVisionEngine } from './vision/offline';
import { createRunwareVisionEngine } from './vision/runware';
import type { VisionEngine } from './vision/vision';
import { createFaceEngine, type FaceEngine } from './vision/faces';

export type AnyPaymentsEngine = OfflinePaymentsEngine | StripePaymentsEngine;

/** Every engine instance of one process, built once from configuration (or given by a test). */
export type EngineSet = {
  /** the configured trainer, and the ones a model may have been trained with earlier */
  trainers: { offline: TrainingEngine; replicate?: TrainingEngine; 'ai-toolkit'?: TrainingEngine };
  hosts: { offline: HostingEngine; runware?: HostingEngine; comfyui?: HostingEngine };
  images: { offline: ImageEngine; runware?: ImageEngine; comfyui?: ImageEngine };
  /** upscales (issue 25): ComfyUI's or Runware's with their setting, else a sharp resampling */
  upscalers: { offline: Upscaler; runware?: Upscaler; comfyui?: Upscaler };
  vision: VisionEngine;
  /** offline face analysis for the training-photo checks (decision 020); always local, no vendor */
  faces: FaceEngine;
  payments: AnyPaymentsEngine;
};

export type Engines = EngineSet & {
  names: EngineNames;
  /** the trainer new trainings use */
  trainer: TrainingEngine;
  /** the trainer a model went through (kept on the model), else the configured one */
  trainerFor(name: string | null | undefined): TrainingEngine;
  /** the host for a model: ComfyUI or Runware hosts real LoRA weights; an offline-trained model only has the offline artifact */
  hostFor(model: { weightsKey: string | null; hostingProvider?: string | null }): HostingEngine;
  /** the renderer new generations use */
  imageEngine: ImageEngine;
  /** the renderer a generation was priced and recorded with */
  imagesFor(name: string): ImageEngine;
  /** the upscaler new upscales use (the images engine's vendor), and the one an upscale was recorded with */
  upscaler: Upscaler;
  upscalerFor(name: string): Upscaler;
};

/** A model trained on a vendor whose keys are gone: every step fails (and the pipeline refunds). */
function unavailableTrainer(name: 'replicate' | 'ai-toolkit'): TrainingEngine {
  const fail = async (): Promise<never> => {
    throw new EngineError(`The ${name} trainer is not configured on this server`, false);
  };
  return {
    name,
    pollMs: 1000,
    maxDurationMs: 60_000,
    start: fail,
    poll: fail,
    cancel: fail,
    removeCopies: fail,
  };
}

export function buildEngineSet(
  config: Config,
  io: { db: Db; storage: Storage; signer: UrlSigner },
): EngineSet {
  const runware: RunwareClient | undefined = config.runware
    ? createRunwareClient({ apiKey: config.runware.apiKey, baseUrl: config.runware.baseUrl })
    : undefined;
  const comfy = config.comfyui ? createComfyClient(config.comfyui) : undefined;
  return {
    trainers: {
      offline: createOfflineTrainer({ storage: io.storage, trainSeconds: config.offline.trainSeconds }),
      replicate: config.replicate
        ? createReplicateTrainer({ config, storage: io.storage, signer: io.signer })
        : undefined,
      'ai-toolkit': config.gpu.trainer ? createAiToolkitTrainer({ config, storage: io.storage }) : undefined,
    },
    hosts: {
      offline: createOfflineHost({ hostSeconds: config.offline.hostSeconds }),
      runware: runware ? createRunwareHost({ config, client: runware, signer: io.signer }) : undefined,
      comfyui:
        comfy && config.comfyui
          ? createComfyHost({
              client: comfy,
              storage: io.storage,
              loraDir: config.comfyui.loraDir,
              pollMs: Math.min(2000, config.timings.hostingPollMs),
            })
          : undefined,
    },
    images: {
      offline: createOfflineImageEngine(),
      runware: runware
        ? createRunwareImageEngine(runware, { pollMs: config.timings.imagesPollMs })
        : undefined,
      comfyui:
        comfy && config.comfyui
          ? createComfyImageEngine(comfy, {
              baseModel: config.comfyui.baseModel,
              pollMs: config.timings.imagesPollMs,
            })
          : undefined,
    },
    upscalers: {
      offline: createOfflineUpscaler(),
      runware: runware ? createRunwareUpscaler(runware, { pollMs: config.timings.imagesPollMs }) : undefined,
      comfyui: comfy ? createComfyUpscaler(comfy, { pollMs: config.timings.imagesPollMs }) : undefined,
    },
    vision: runware ? createRunwareVisionEngine(runware) : createOfflineVisionEngine(),
    faces: createFaceEngine({ idleUnloadMs: config.faces.idleUnloadMs }),
    payments: config.stripe ? createStripePaymentsEngine(config.stripe) : createOfflinePaymentsEngine(io.db),
  };
}

/** Wraps a set with the choice rules (engineNames in engines/index.ts) the pipeline and generation use. */
export function createEngines(config: Config, set: EngineSet): Engines {
  const names = engineNames(config);
  const trainerNamed = (name: 'replicate' | 'ai-toolkit') => set.trainers[name] ?? unavailableTrainer(name);
  const trainer = names.training === 'offline' ? set.trainers.offline : trainerNamed(names.training);
  const imageEngine = set.images[names.images] ?? set.images.offline;
  const upscaler = set.upscalers[names.images] ?? set.upscalers.offline;
  return {
    ...set,
    names,
    upscaler,
    upscalerFor(name) {
      return name === upscaler.name ? upscaler : set.upscalers.offline;
    },
    trainer,
    trainerFor(name) {
      if (!name) return trainer;
      if (name === 'replicate' || name === 'ai-toolkit') return trainerNamed(name);
      return set.trainers.offline;
    },
    hostFor(model) {
      // a model with real weights goes to the configured host; an offline-trained one stays offline
      const live = names.hosting !== 'offline' && set.hosts[names.hosting] ? names.hosting : 'offline';
      const pick = model.hostingProvider ?? (model.weightsKey ? live : 'offline');
      if (pick === 'runware' && set.hosts.runware) return set.hosts.runware;
      if (pick === 'comfyui' && set.hosts.comfyui) return set.hosts.comfyui;
      return set.hosts.offline;
    },
    imageEngine,
    // A model trained and hosted offline exists only as the offline artifact, so it always renders
    // offline, whatever vendor keys are set.
    imagesFor(name) {
      return name === imageEngine.name ? imageEngine : set.images.offline;
    },
  };
}
