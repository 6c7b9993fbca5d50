import { z } from 'zod';

/**
 * What a generation renders, frozen at request time (generations.request): later edits of the style,
 * model or base model do not change an image that was already paid for.
 */
export const generationRequestSchema = z.object({
  prompt: z.string(),
  negativePrompt: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  seed: z.number().int(),
  hdEnabled: z.boolean(),
  loraStrength: z.number(),
  baseModel: z.object({ id: z.string(), name: z.string(), air: z.string() }),
  style: z
    .object({
      id: z.string(),
      name: z.string(),
      prompt: z.string(),
      negativePrompt: z.string(),
      isNsfw: z.boolean(),
      loras: z.array(z.object({ id: z.string(), weight: z.number(), triggerWord: z.string() })),
    })
    .nullable(),
  model: z
    .object({
      id: z.string(),
      name: z.string(),
      triggerWord: z.string(),
      promptModifier: z.string(),
      airName: z.string().nullable(),
      artifactKey: z.string().nullable(),
    })
    .nullable(),
});
export type GenerationRequest = z.infer<typeof generationRequestSchema>;
