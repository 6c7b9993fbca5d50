/**
 * Model architectures as Runware's modelUpload names them. A LoRA only composes with a base of its
 * own family: a FLUX LoRA on an SDXL base does not fail at the vendor, it renders noise and is billed.
 */
export const ARCHITECTURES = ['flux1d', 'flux1s', 'sdxl', 'pony', 'sd1x'] as const;
export type Architecture = (typeof ARCHITECTURES)[number];

const FAMILY: Record<Architecture, 'flux' | 'sdxl' | 'sd1'> = {
  flux1d: 'flux',
  flux1s: 'flux',
  sdxl: 'sdxl',
  pony: 'sdxl',
  sd1x: 'sd1',
};

/** Personal models are trained on FLUX.1 [dev] (the training pipeline) and uploaded as such. */
export const PERSONAL_LORA_ARCHITECTURE: Architecture = 'flux1d';

export function isLoraCompatible(lora: Architecture, base: string): boolean {
  return (ARCHITECTURES as readonly string[]).includes(base) && FAMILY[base as Architecture] === FAMILY[lora];
}

export const ARCHITECTURE_TEXTS = {
  incompatibleBase: [
    'Incompatible base model',
    'Your model was trained on FLUX and only works with a FLUX base model. Please pick a FLUX base model.',
  ],
} as const;
