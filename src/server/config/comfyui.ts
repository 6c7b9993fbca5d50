import { z } from 'zod';
import type { GpuBaseModel } from './gpu';

// Issue 42: the self-hosted engine family (ComfyUI for hosting, generation and upscale). Kept in a
// section of its own so the variables, their rules and their reading sit together.

const optional = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

// The bases the self-hosted engines generate on (each has a workflow graph of its own) and their
// licence rule live with the GPU section (config/gpu.ts), which reads GPU_BASE_MODEL for both.
export { GPU_BASE_MODELS, type GpuBaseModel } from './gpu';

export const comfyuiEnvShape = {
  COMFYUI_URL: optional.pipe(
    z
      .url()
      .regex(/^https?:\/\//, 'must start with http:// or https://, e.g. http://127.0.0.1:8188')
      .optional(),
  ),
  COMFYUI_TOKEN: optional,
  COMFYUI_LORA_DIR: optional,
};

export type ComfyuiConfig = {
  /** the ComfyUI server (or a proxy in front of it), without a trailing slash */
  url: string;
  /** sent as `Authorization: Bearer` when set */
  token?: string;
  /** where the worker places LoRA files, a directory ComfyUI lists under its `loras` folder */
  loraDir: string;
  baseModel: GpuBaseModel;
};

type ComfyEnv = {
  COMFYUI_URL?: string;
  COMFYUI_TOKEN?: string;
  COMFYUI_LORA_DIR?: string;
  GPU_BASE_MODEL?: GpuBaseModel;
};

/**
 * The ComfyUI section of the configuration, or the lines that stop the start. ComfyUI's own API
 * takes images (`/upload/image`) but no model files, so a LoRA reaches it only through a directory it
 * shares with this worker: COMFYUI_LORA_DIR is required with COMFYUI_URL.
 */
export function parseComfyui(
  e: ComfyEnv,
): { ok: true; value: ComfyuiConfig | undefined } | { ok: false; errors: string[] } {
  if (!e.COMFYUI_URL) {
    const stray = (['COMFYUI_TOKEN', 'COMFYUI_LORA_DIR'] as const).filter((n) => e[n] !== undefined);
    if (stray.length > 0)
      return { ok: false, errors: [`COMFYUI_URL: required when ${stray.join(', ')} is set`] };
    return { ok: true, value: undefined };
  }
  if (!e.COMFYUI_LORA_DIR)
    return {
      ok: false,
      errors: [
        'COMFYUI_LORA_DIR: required when COMFYUI_URL is set: ComfyUI loads LoRA files only from its own folders, so name the directory this worker shares with it (see docs/operators/self-hosted-gpu.md)',
      ],
    };
  return {
    ok: true,
    value: {
      url: e.COMFYUI_URL.replace(/\/+$/, ''),
      token: e.COMFYUI_TOKEN,
      loraDir: e.COMFYUI_LORA_DIR,
      baseModel: e.GPU_BASE_MODEL ?? 'flux2-klein-4b',
    },
  };
}
