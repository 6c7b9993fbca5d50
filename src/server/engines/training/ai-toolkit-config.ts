import type { GpuBaseModel } from '../../config';

/**
 * The ai-toolkit job config this studio writes (config/examples/train_lora_flux_24gb.yaml of
 * ostris/ai-toolkit and its UI's FLUX.2-klein-base-4B defaults, ui/src/app/jobs/new/options.tsx).
 * Keys are exactly those ai-toolkit's config classes read (toolkit/config_modules.py); the fake
 * trainer the tests run refuses any other.
 */

/** The job's name: ai-toolkit saves `<training_folder>/<name>/<name>.safetensors` at the end. */
export const AI_TOOLKIT_JOB_NAME = 'lora';
export const AI_TOOLKIT_SAVE_EVERY = 250;

/** What ai-toolkit loads for each base, unless GPU_BASE_MODEL_PATH gives a local copy. */
export const GPU_BASE_REPOS: Record<GpuBaseModel, string> = {
  'flux2-klein-4b': 'black-forest-labs/FLUX.2-klein-base-4B',
  'flux1-dev': 'black-forest-labs/FLUX.1-dev',
};

/**
 * Steps from the photo count: about 100 per photo (the usual rule for a likeness LoRA), at least
 * 800 so a small set still learns the face, at most 2000 so a large one does not overfit or
 * hold the GPU for an hour; rounded up to the save interval.
 */
export function stepsForPhotos(photoCount: number): number {
  const raw = Math.min(2000, Math.max(800, photoCount * 100));
  return Math.ceil(raw / AI_TOOLKIT_SAVE_EVERY) * AI_TOOLKIT_SAVE_EVERY;
}

export type AiToolkitJobInput = {
  baseModel: GpuBaseModel;
  baseModelPath?: string;
  triggerWord: string;
  photoCount: number;
  datasetDir: string;
  trainingFolder: string;
};

function modelSection(base: GpuBaseModel, nameOrPath: string) {
  if (base === 'flux1-dev')
    // the example config for a 24 GB card: 8-bit mixed precision
    return { name_or_path: nameOrPath, is_flux: true, quantize: true };
  // the UI's defaults for FLUX.2-klein-base-4B, which fit in about 12 GB
  return {
    name_or_path: nameOrPath,
    arch: 'flux2_klein_4b',
    quantize: true,
    qtype: 'qfloat8',
    quantize_te: true,
    qtype_te: 'qfloat8',
    low_vram: true,
    model_kwargs: { match_target_res: false },
  };
}

export function aiToolkitJobConfig(input: AiToolkitJobInput) {
  const steps = stepsForPhotos(input.photoCount);
  const klein = input.baseModel === 'flux2-klein-4b';
  return {
    job: 'extension',
    config: {
      name: AI_TOOLKIT_JOB_NAME,
      process: [
        {
          type: 'sd_trainer',
          training_folder: input.trainingFolder,
          device: 'cuda:0',
          // captions say "[trigger]"; ai-toolkit puts the word in
          trigger_word: input.triggerWord,
          network: { type: 'lora', linear: 16, linear_alpha: 16 },
          save: {
            dtype: 'float16',
            // a save every 250 steps is what a restarted run resumes from
            save_every: AI_TOOLKIT_SAVE_EVERY,
            max_step_saves_to_keep: 2,
            push_to_hub: false,
          },
          datasets: [
            {
              folder_path: input.datasetDir,
              caption_ext: 'txt',
              caption_dropout_rate: 0.05,
              shuffle_tokens: false,
              cache_latents_to_disk: true,
              resolution: [512, 768, 1024],
            },
          ],
          train: {
            batch_size: 1,
            steps,
            gradient_accumulation_steps: 1,
            train_unet: true,
            train_text_encoder: false,
            gradient_checkpointing: true,
            noise_scheduler: 'flowmatch',
            optimizer: 'adamw8bit',
            lr: 1e-4,
            // no baseline samples of the untrained base: they cost minutes and show nobody
            skip_first_sample: true,
            ...(klein ? { timestep_type: 'weighted' } : {}),
            ema_config: { use_ema: true, ema_decay: 0.99 },
            dtype: 'bf16',
          },
          model: modelSection(input.baseModel, input.baseModelPath ?? GPU_BASE_REPOS[input.baseModel]),
          sample: {
            sampler: 'flowmatch',
            // samples of the finished LoRA only: the model page shows them
            sample_every: steps,
            width: 1024,
            height: 1024,
            prompts: [
              'a portrait photo of [trigger], natural light, looking at the camera',
              '[trigger] smiling, outdoors in a park, candid photo',
              'a close-up of [trigger] in a studio, soft light, neutral background',
            ],
            neg: '',
            seed: 42,
            walk_seed: true,
            guidance_scale: 4,
            sample_steps: 20,
          },
        },
      ],
    },
    meta: { name: '[name]', version: '1.0' },
  };
}

/**
 * The config as ai-toolkit's YAML file. JSON is YAML's flow style, which ai-toolkit's loader
 * (PyYAML) reads as it is; strings are JSON-quoted, so no path or word can break the structure.
 * `${…}` would be replaced from the environment by ai-toolkit (toolkit/config.py), so it is refused.
 */
export function aiToolkitYaml(config: ReturnType<typeof aiToolkitJobConfig>): string {
  const text = JSON.stringify(config, null, 2);
  if (text.includes('${')) throw new Error('The training config may not contain ${');
  return `# written by LoRA Studio for one training; ai-toolkit reads it with run.py\n${text}\n`;
}
