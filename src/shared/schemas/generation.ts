import { z } from 'zod';
import {
  DIMENSION_STEP,
  MAX_DIMENSION,
  MAX_IMAGE_COUNT,
  MAX_PROMPT_LENGTH,
  MIN_DIMENSION,
  MIN_IMAGE_COUNT,
} from '../constants';
import { CONTROL_CHARS_MESSAGE, cursorSchema, isIsoDay, noControlChars } from './common';
import { GENERATE_TEXTS, MAX_SEED } from '../generation-texts';

export { MAX_PROMPT_LENGTH };
export const MIN_LORA_STRENGTH = 0;
export const MAX_LORA_STRENGTH = 2;
export const LORA_STRENGTH_STEP = 0.05;

export const dimensionSchema = (label: 'Width' | 'Height') =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(MIN_DIMENSION, `${label} must be between ${MIN_DIMENSION} and ${MAX_DIMENSION}`)
    .max(MAX_DIMENSION, `${label} must be between ${MIN_DIMENSION} and ${MAX_DIMENSION}`)
    .multipleOf(DIMENSION_STEP, `${label} must be a multiple of ${DIMENSION_STEP}`);

const optionalId = (what: string) => z.uuid(`Invalid ${what}`).nullable().optional();

/**
 * POST /api/generate-image. docs/product/decisions.md §5: the client never says where an image is, so `imageUrl` and
 * `isAdditionalImage` (the old "save an additional image" call) are refused.
 */
export const generateImageSchema = z
  .object({
    prompt: z
      .string({ error: GENERATE_TEXTS.promptRequired[1] })
      .trim()
      .min(1, GENERATE_TEXTS.promptRequired[1])
      .max(MAX_PROMPT_LENGTH, `Prompt must be at most ${MAX_PROMPT_LENGTH} characters`)
      .refine(noControlChars(true), CONTROL_CHARS_MESSAGE),
    baseModelId: z.uuid(GENERATE_TEXTS.baseModelRequired[1]),
    modelId: optionalId('model'),
    styleId: optionalId('style'),
    count: z
      .number({ error: 'Number of images must be a number' })
      .int('Number of images must be a whole number')
      .min(MIN_IMAGE_COUNT, `Number of images must be between ${MIN_IMAGE_COUNT} and ${MAX_IMAGE_COUNT}`)
      .max(MAX_IMAGE_COUNT, `Number of images must be between ${MIN_IMAGE_COUNT} and ${MAX_IMAGE_COUNT}`),
    width: dimensionSchema('Width'),
    height: dimensionSchema('Height'),
    seed: z
      .number({ error: 'Seed must be a number' })
      .int('Seed must be a whole number')
      .min(0, `Seed must be between 0 and ${MAX_SEED}`)
      .max(MAX_SEED, `Seed must be between 0 and ${MAX_SEED}`)
      .nullable()
      .optional(),
    hdEnabled: z.boolean({ error: 'hdEnabled must be true or false' }).optional().default(false),
    loraStrength: z
      .number({ error: 'Model weight must be a number' })
      .min(MIN_LORA_STRENGTH, `Model weight must be between ${MIN_LORA_STRENGTH} and ${MAX_LORA_STRENGTH}`)
      .max(MAX_LORA_STRENGTH, `Model weight must be between ${MIN_LORA_STRENGTH} and ${MAX_LORA_STRENGTH}`)
      .optional()
      .default(1),
    calculatedTokenCost: z.number({ error: 'calculatedTokenCost must be a number' }).int().min(0).optional(),
    imageUrl: z.unknown().optional(),
    isAdditionalImage: z.unknown().optional(),
    negativePrompt: z
      .string()
      .max(MAX_PROMPT_LENGTH)
      .refine(noControlChars(true), CONTROL_CHARS_MESSAGE)
      .optional(),
  })
  .superRefine((v, ctx) => {
    for (const key of ['imageUrl', 'isAdditionalImage'] as const) {
      if (v[key] !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message:
            'The server stores every generated image itself; imageUrl and isAdditionalImage are not accepted',
        });
      }
    }
  });
export type GenerateImageInput = z.input<typeof generateImageSchema>;

export const GALLERY_SORTS = ['newest', 'likeness'] as const;
export type GallerySort = (typeof GALLERY_SORTS)[number];

export const galleryQuerySchema = z.object({
  cursor: cursorSchema,
  search: z
    .string()
    .trim()
    .max(200, 'Search must be at most 200 characters')
    .refine(noControlChars(), CONTROL_CHARS_MESSAGE)
    .optional(),
  modelId: z.uuid('Invalid model').optional(),
  // "custom" = images generated without a preset style
  styleId: z.union([z.literal('custom'), z.uuid('Invalid style')], { error: 'Invalid style' }).optional(),
  // one photo-pack batch: the gallery's album view (docs/decisions/038-photo-packs.md)
  packBatchId: z.uuid('Invalid album').optional(),
  limit: z.coerce
    .number({ error: 'Invalid limit' })
    .int('Invalid limit')
    .min(1, 'Invalid limit')
    .max(100, 'Invalid limit')
    .optional(),
  // likeness (decision 022): "most like you" first lists only scored images; minLikeness keeps those at or above it
  sort: z.enum(GALLERY_SORTS, { error: 'Invalid sort' }).optional(),
  minLikeness: z.coerce
    .number({ error: 'Invalid likeness' })
    .int('Invalid likeness')
    .min(0, 'Invalid likeness')
    .max(100, 'Invalid likeness')
    .optional(),
});
export type GalleryQuery = z.infer<typeof galleryQuerySchema>;

export const ADMIN_DATE_FILTERS = ['all', 'today', 'week', 'month'] as const;
export const adminGalleryQuerySchema = galleryQuerySchema.extend({
  dateFilter: z
    .union([z.enum(ADMIN_DATE_FILTERS), z.string().regex(/^\d{4}-\d{2}-\d{2}$/)], {
      error: 'Invalid date filter',
    })
    // a real day of a year the gallery could hold; year 0000 or 9999 would reach the database as a 500
    .refine((v) => !/^\d/.test(v) || isIsoDay(v, 1970, 9998), 'Invalid date filter')
    .optional(),
  userId: z.uuid('Invalid user').optional(),
  baseModelId: z.uuid('Invalid base model').optional(),
  nsfw: z.enum(['all', 'safe', 'nsfw'], { error: 'Invalid NSFW filter' }).optional(),
  size: z.enum(['all', 'hd', 'standard'], { error: 'Invalid size filter' }).optional(),
});
export type AdminGalleryQuery = z.infer<typeof adminGalleryQuerySchema>;

/** One generated image as every gallery and the generator receive it. */
export const generatedImageViewSchema = z.object({
  id: z.string(),
  imageUrl: z.string(),
  thumbnailUrl: z.string(),
  width: z.number(),
  height: z.number(),
  prompt: z.string(),
  negativePrompt: z.string(),
  tokensUsed: z.number(),
  isNSFW: z.boolean(),
  createdAt: z.string(),
  modelId: z.string().nullable(),
  modelName: z.string().nullable(),
  styleId: z.string().nullable(),
  styleName: z.string().nullable(),
  baseModelId: z.string().nullable(),
  baseModelName: z.string().nullable(),
  seed: z.number().nullable(),
  generationId: z.string().nullable(),
  /** 0–100 likeness to the personal model's person (decision 022); null/absent: no score, shown as nothing */
  likeness: z.number().nullable().optional(),
  /** the image this one is an upscale of (issue 25), and this image's own upscales, oldest first */
  upscaledFrom: z.string().nullable().optional(),
  upscales: z.array(z.object({ id: z.string(), width: z.number(), height: z.number() })).optional(),
  /** admin gallery only */
  userId: z.string().optional(),
  username: z.string().nullable().optional(),
});
export type GeneratedImageView = z.infer<typeof generatedImageViewSchema>;

export const galleryPageSchema = z.object({
  images: z.array(generatedImageViewSchema),
  nextCursor: z.string().nullable(),
});
export type GalleryPage = z.infer<typeof galleryPageSchema>;

export const imageDeletedSchema = z.object({ success: z.boolean(), id: z.string() });
export const imageCountSchema = z.object({ count: z.number() });

/** A base model the generator offers (GET /api/base-models). */
export const baseModelSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  tokenCost: z.number(),
  isDefault: z.boolean(),
  architecture: z.string(),
});
export type BaseModel = z.infer<typeof baseModelSchema>;
export const baseModelListSchema = z.array(baseModelSchema);

export const generateImageResponseSchema = z.object({
  /** the first stored image's id (listed by GET /api/generated-images); null while still pending */
  id: z.string().nullable(),
  generationId: z.string(),
  status: z.enum(['succeeded', 'partial', 'pending']),
  imageUrl: z.string().nullable(),
  isNSFW: z.boolean(),
  additionalImageUrls: z.array(z.string()),
  additionalNSFWFlags: z.array(z.boolean()),
  images: z.array(generatedImageViewSchema),
  requested: z.number(),
  tokensUsed: z.number(),
  balance: z.number(),
});
export type GenerateImageResponse = z.infer<typeof generateImageResponseSchema>;

export const paletteEntrySchema = z.object({ hex: z.string(), name: z.string(), share: z.number() });
export type PaletteEntry = z.infer<typeof paletteEntrySchema>;

export const structuredAnalysisSchema = z.object({
  description: z.string(),
  width: z.number(),
  height: z.number(),
  orientation: z.enum(['portrait', 'landscape', 'square']),
  aspectRatio: z.string(),
  palette: z.array(paletteEntrySchema),
  brightness: z.object({ value: z.number(), label: z.string() }),
  contrast: z.object({ value: z.number(), label: z.string() }),
  subject: z.object({ framing: z.string(), position: z.string() }),
  /**
   * People the offline face analysis found (decision 022): how many, apparent age range of the
   * largest faces and the main face's expression. Absent when the engine does not say (vendor caption,
   * face analysis unavailable). Never a descriptor.
   */
  people: z
    .object({ count: z.number(), ageRange: z.string().nullable(), expression: z.string().nullable() })
    .optional(),
  /** the light in words, e.g. "bright soft lighting" (offline engine) */
  lighting: z.string().optional(),
  source: z.enum(['offline', 'runware']),
});
export type StructuredAnalysis = z.infer<typeof structuredAnalysisSchema>;

export const analyzeImageResponseSchema = z.object({
  success: z.literal(true),
  structuredAnalysis: structuredAnalysisSchema,
  formattedPrompt: z.string(),
});
export type AnalyzeImageResponse = z.infer<typeof analyzeImageResponseSchema>;
