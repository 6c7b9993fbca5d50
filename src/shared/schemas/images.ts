import { z } from 'zod';
import { MAX_UPSCALED_SIDE, MAX_ZIP_IMAGES, UPSCALE_FACTORS } from '../constants';

// Issue 25: downloads (one image, a zip of many) and upscales (docs/decisions/037-downloads-and-upscale.md).

export const ZIP_TEXTS = {
  tooMany: `A zip holds at most ${MAX_ZIP_IMAGES} images. Select fewer and try again.`,
  empty: 'Select at least one image to download.',
  oneSource: 'Send one of: the images (ids), a generation (generationId) or an album (packBatchId).',
  notFound: 'Some of these images were not found.',
  rateLimited: 'Too many zip downloads. Please try again in a few minutes.',
} as const;

export const UPSCALE_TEXTS = {
  factor: `The upscale factor must be ${UPSCALE_FACTORS.join(' or ')}`,
  tooLarge: (w: number, h: number, f: number) =>
    `This image upscaled ×${f} would be ${w * f}×${h * f} pixels; the largest an upscale can be is ${MAX_UPSCALED_SIDE} pixels a side.`,
  failed: (cost: number) => `The image could not be upscaled. Your ${cost} tokens have been refunded.`,
  insufficient: (cost: number, balance: number) =>
    `Insufficient tokens. You need ${cost} tokens to upscale this image but have ${balance}.`,
  tokenCost: 'The price must be a whole number of tokens from 0 to 100000',
} as const;

const imageIds = z
  .array(z.uuid('Invalid image id'), { error: 'ids must be a list of image ids' })
  .min(1, ZIP_TEXTS.empty)
  .max(MAX_ZIP_IMAGES, ZIP_TEXTS.tooMany);

/** POST /api/generated-images/zip: the images by id, every image of one generation, or a pack's album. */
export const zipRequestSchema = z
  .object({
    ids: imageIds.optional(),
    generationId: z.uuid('Invalid generation').optional(),
    packBatchId: z.uuid('Invalid album').optional(),
  })
  .strict()
  .refine(
    (v) => [v.ids, v.generationId, v.packBatchId].filter((x) => x !== undefined).length === 1,
    ZIP_TEXTS.oneSource,
  );
export type ZipRequest = z.infer<typeof zipRequestSchema>;

/** A streamed file (a zip, an image): not JSON, so nothing to serialise. */
export const fileResponseSchema = z.unknown().describe('binary file');

export const upscaleFactorSchema = z.union(
  UPSCALE_FACTORS.map((f) => z.literal(f)),
  { error: UPSCALE_TEXTS.factor },
);
export const upscaleRequestSchema = z.object({ factor: upscaleFactorSchema }).strict();

export const upscaledImageSchema = z.object({
  id: z.string(),
  width: z.number(),
  height: z.number(),
  imageUrl: z.string(),
  thumbnailUrl: z.string(),
  upscaledFrom: z.string().nullable(),
});
export const UPSCALE_STATUSES = ['pending', 'running', 'succeeded', 'failed'] as const;
export const upscaleJobSchema = z.object({
  id: z.string(),
  status: z.enum(UPSCALE_STATUSES),
  factor: z.number(),
  tokenCost: z.number(),
});
/** 200: the new image; 202: still working, the image will appear in the gallery. */
export const upscaleResponseSchema = z.object({
  image: upscaledImageSchema.nullable(),
  upscale: upscaleJobSchema,
  balance: z.number(),
});
export type UpscaleResponse = z.infer<typeof upscaleResponseSchema>;

const tokenCost = z
  .number({ error: UPSCALE_TEXTS.tokenCost })
  .int(UPSCALE_TEXTS.tokenCost)
  .min(0, UPSCALE_TEXTS.tokenCost)
  .max(100_000, UPSCALE_TEXTS.tokenCost);
export const upscalePriceSchema = z.object({ factor: z.number(), tokenCost: z.number() });
export const upscalePricesSchema = z.object({ prices: z.array(upscalePriceSchema) });
export type UpscalePrices = z.infer<typeof upscalePricesSchema>;
export const upscalePriceUpdateSchema = z.object({ factor: upscaleFactorSchema, tokenCost }).strict();
