import { z } from 'zod';
import { MAX_PROMPT_LENGTH } from '../constants';
import { CONTROL_CHARS_MESSAGE, cursorSchema, noControlChars } from './common';
import { dimensionSchema, generatedImageViewSchema } from './generation';

// Photo packs (issue 26, part 1; docs/decisions/038-photo-packs.md).
export const PACK_MIN_PROMPTS = 4;
export const PACK_MAX_PROMPTS = 40;
/** A prompt without its own size renders at this size (below the HD threshold: one image's base cost). */
export const PACK_DEFAULT_SIZE = { width: 768, height: 768 } as const;
export const PACK_MAX_PRICE = 1_000_000;

export const PACK_TEXTS = {
  nameMin: 'Name must be at least 2 characters',
  promptsMin: `A pack needs at least ${PACK_MIN_PROMPTS} prompts`,
  promptsMax: `A pack can have at most ${PACK_MAX_PROMPTS} prompts`,
  promptRequired: 'Each prompt needs some text',
  sizeBoth: 'Give both width and height, or neither',
  discountRequired: 'A discounted pack needs its total price in tokens',
  discountRange: `The total price must be a whole number from 1 to ${PACK_MAX_PRICE}`,
  discountAboveSum: 'A discounted total must be less than the images cost one by one',
  coverInvalid: 'Please upload a cover image or enter a valid image URL',
  modelRequired: 'Please choose a model',
  packNotFound: 'Pack not found',
  batchNotFound: 'Pack batch not found',
  albumNotFound: 'Album not found',
  styleNotFound: 'A prompt names a style that does not exist',
} as const;

export const PACK_PRICE_MODES = ['sum', 'discounted'] as const;

export const packPromptInputSchema = z
  .object({
    prompt: z
      .string({ error: PACK_TEXTS.promptRequired })
      .trim()
      .min(1, PACK_TEXTS.promptRequired)
      .max(MAX_PROMPT_LENGTH, `Prompt must be at most ${MAX_PROMPT_LENGTH} characters`)
      .refine(noControlChars(true), CONTROL_CHARS_MESSAGE),
    styleId: z
      .uuid('Invalid style')
      .nullish()
      .transform((v) => v ?? null),
    width: dimensionSchema('Width')
      .nullish()
      .transform((v) => v ?? null),
    height: dimensionSchema('Height')
      .nullish()
      .transform((v) => v ?? null),
  })
  .refine((p) => (p.width === null) === (p.height === null), {
    message: PACK_TEXTS.sizeBoth,
    path: ['width'],
  });
export type PackPromptInput = z.input<typeof packPromptInputSchema>;

// the cover: a file this server stores for anyone to read (uploaded), or an absolute http(s) URL
const coverUrlSchema = z
  .string()
  .trim()
  .max(2000, PACK_TEXTS.coverInvalid)
  .refine(
    (v) =>
      v === '' ||
      (/^\/files\/public\/packs\/[A-Za-z0-9][A-Za-z0-9._-]*$/.test(v) && !v.includes('..')) ||
      /^https:\/\/\S+$/i.test(v),
    PACK_TEXTS.coverInvalid,
  )
  .nullish()
  .transform((v) => (v ? v : null));

export const packInputSchema = z
  .object({
    name: z
      .string({ error: PACK_TEXTS.nameMin })
      .trim()
      .min(2, PACK_TEXTS.nameMin)
      .max(100, 'Name must be at most 100 characters')
      .refine(noControlChars(), CONTROL_CHARS_MESSAGE),
    description: z
      .string()
      .trim()
      .max(1000, 'Description must be at most 1000 characters')
      .refine(noControlChars(true), CONTROL_CHARS_MESSAGE)
      .nullish()
      .transform((v) => v ?? ''),
    coverUrl: coverUrlSchema,
    priceMode: z.enum(PACK_PRICE_MODES, { error: 'Price mode must be "sum" or "discounted"' }).default('sum'),
    discountPrice: z
      .number({ error: PACK_TEXTS.discountRange })
      .int(PACK_TEXTS.discountRange)
      .min(1, PACK_TEXTS.discountRange)
      .max(PACK_MAX_PRICE, PACK_TEXTS.discountRange)
      .nullish()
      .transform((v) => v ?? null),
    isActive: z.boolean({ error: 'isActive must be true or false' }).default(true),
    prompts: z
      .array(packPromptInputSchema, { error: PACK_TEXTS.promptsMin })
      .min(PACK_MIN_PROMPTS, PACK_TEXTS.promptsMin)
      .max(PACK_MAX_PROMPTS, PACK_TEXTS.promptsMax),
  })
  .superRefine((v, ctx) => {
    if (v.priceMode === 'discounted' && v.discountPrice === null)
      ctx.addIssue({ code: 'custom', message: PACK_TEXTS.discountRequired, path: ['discountPrice'] });
  })
  .transform((v) => ({ ...v, discountPrice: v.priceMode === 'discounted' ? v.discountPrice : null }));
export type PackInput = z.input<typeof packInputSchema>;
export type PackValues = z.output<typeof packInputSchema>;

export const packActiveBodySchema = z.object({
  isActive: z.boolean({ error: 'isActive must be true or false' }),
});

export const packListQuerySchema = z.object({ cursor: cursorSchema });

/** A sample picture of a pack: one of its prompts as the offline engine draws it (decision 064). */
export const packSampleSchema = z.object({
  url: z.string(),
  prompt: z.string(),
  /** the prompt's style, or null for none */
  style: z.string().nullable(),
});
export type PackSample = z.infer<typeof packSampleSchema>;

/** GET /api/packs: what a user buys (issue 26 "Interfaces"). */
export const packSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** an admin's cover picture; without one the samples are the cover */
  coverUrl: z.string().nullable(),
  /** null while they are being drawn (a pack's first showing) */
  samples: z.array(packSampleSchema).nullable(),
  promptCount: z.number(),
  /** tokens for the whole pack, as charged now */
  price: z.number(),
  /** what the images would cost one by one (equal to price unless discounted) */
  fullPrice: z.number(),
});
export type PackSummary = z.infer<typeof packSummarySchema>;
export const packListSchema = z.object({
  packs: z.array(packSummarySchema),
  nextCursor: z.string().nullable(),
});

export const packPromptViewSchema = z.object({
  prompt: z.string(),
  styleId: z.string().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
});
export const adminPackSchema = packSummarySchema.extend({
  priceMode: z.enum(PACK_PRICE_MODES),
  discountPrice: z.number().nullable(),
  isActive: z.boolean(),
  prompts: z.array(packPromptViewSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminPack = z.infer<typeof adminPackSchema>;
export const adminPackListSchema = z.object({
  packs: z.array(adminPackSchema),
  nextCursor: z.string().nullable(),
});
export const adminPackResultSchema = z.object({ pack: adminPackSchema });
export const packCoverUploadedSchema = z.object({ coverUrl: z.string() });

export const packGenerateSchema = z.object({
  modelId: z.uuid(PACK_TEXTS.modelRequired),
});

export const PACK_BATCH_STATUSES = ['pending', 'running', 'succeeded', 'partial', 'failed'] as const;
export const packBatchSchema = z.object({
  id: z.string(),
  status: z.enum(PACK_BATCH_STATUSES),
  total: z.number(),
  done: z.number(),
  failed: z.number(),
  charged: z.number(),
  refunded: z.number(),
  packId: z.string().nullable(),
  packName: z.string(),
  modelId: z.string().nullable(),
  createdAt: z.string(),
});
export type PackBatch = z.infer<typeof packBatchSchema>;
export const packBatchResultSchema = z.object({ batch: packBatchSchema });
export const packBatchListSchema = z.object({
  batches: z.array(packBatchSchema),
  nextCursor: z.string().nullable(),
});

/** GET /api/pack-batches/:id/album: a finished pack's results page (issue 45 N5). */
export const packAlbumSchema = z.object({
  batch: packBatchSchema,
  completedAt: z.string().nullable(),
  /** the styles its photos were made in, in order of first use */
  styles: z.array(z.string()),
  /** every photo of the batch, in the pack's order */
  images: z.array(generatedImageViewSchema),
});
export type PackAlbum = z.infer<typeof packAlbumSchema>;
export const packAlbumResultSchema = z.object({ album: packAlbumSchema });
