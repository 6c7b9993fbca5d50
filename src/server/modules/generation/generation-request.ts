import { createHash } from 'node:crypto';
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

/** A stable UUID for (generation, n): a resumed job writes the same image rows and files again. */
export function derivedId(generationId: string, n: number | string): string {
  const h = createHash('sha256').update(`${generationId}:${n}`).digest('hex');
  const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
