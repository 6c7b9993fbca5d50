import { z } from 'zod';

// The self-hosted GPU section (issue 42): which engines run on the operator's own GPU and the base
// they train on. Its own file so the GPU trainer and the ComfyUI engines add variables side by side.

const optional = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

export const GPU_BASE_MODELS = ['flux2-klein-4b', 'flux1-dev'] as const;
export type GpuBaseModel = (typeof GPU_BASE_MODELS)[number];

export const gpuEnvShape = {
  GPU_TRAINER: optional.pipe(z.enum(['ai-toolkit']).optional()),
  AI_TOOLKIT_DIR: optional,
  AI_TOOLKIT_PYTHON: optional,
  GPU_BASE_MODEL: optional.pipe(z.enum(GPU_BASE_MODELS).optional()),
  GPU_BASE_MODEL_LICENSED: optional.pipe(z.enum(['0', '1']).optional()),
  // a local copy of the base (a diffusers folder); unset → ai-toolkit fetches it into the Hugging Face cache
  GPU_BASE_MODEL_PATH: optional,
};

type GpuEnv = z.infer<z.ZodObject<typeof gpuEnvShape>>;

export type GpuConfig = {
  /** the base the self-hosted engines train and generate on */
  baseModel: GpuBaseModel;
  /** a local folder holding the base, or unset (ai-toolkit's own Hugging Face download and cache) */
  baseModelPath?: string;
  /** GPU_TRAINER=ai-toolkit: trainings run on the worker's GPU */
  trainer?: { kind: 'ai-toolkit'; dir: string; python: string };
};

/** Reads the section; returns the config, or the lines naming what is wrong (parse.ts stops the start). */
export function gpuConfigOf(e: GpuEnv): { config: GpuConfig; problems: string[] } {
  const problems: string[] = [];
  const baseModel = e.GPU_BASE_MODEL ?? 'flux2-klein-4b';
  // FLUX.1 [dev] is under Black Forest Labs' non-commercial licence: a paid studio needs their
  // commercial licence, so the operator says they hold it rather than the server assuming it
  if (baseModel === 'flux1-dev' && e.GPU_BASE_MODEL_LICENSED !== '1')
    problems.push(
      "GPU_BASE_MODEL_LICENSED: set it to 1 to use GPU_BASE_MODEL=flux1-dev, confirming you hold Black Forest Labs' commercial licence for FLUX.1 [dev] (or use the Apache-2.0 flux2-klein-4b)",
    );
  if (e.GPU_TRAINER === 'ai-toolkit' && !e.AI_TOOLKIT_DIR)
    problems.push(
      'AI_TOOLKIT_DIR: required when GPU_TRAINER=ai-toolkit: the folder where ai-toolkit is checked out (it holds run.py)',
    );
  if (e.GPU_TRAINER === undefined && (e.AI_TOOLKIT_DIR || e.AI_TOOLKIT_PYTHON))
    problems.push(
      `${e.AI_TOOLKIT_DIR ? 'AI_TOOLKIT_DIR' : 'AI_TOOLKIT_PYTHON'}: set GPU_TRAINER=ai-toolkit too, or trainings do not use ai-toolkit`,
    );
  return {
    config: {
      baseModel,
      baseModelPath: e.GPU_BASE_MODEL_PATH,
      trainer:
        e.GPU_TRAINER === 'ai-toolkit' && e.AI_TOOLKIT_DIR
          ? { kind: 'ai-toolkit', dir: e.AI_TOOLKIT_DIR, python: e.AI_TOOLKIT_PYTHON ?? 'python3' }
          : undefined,
    },
    problems,
  };
}
