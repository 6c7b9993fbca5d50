import { z } from 'zod';
import { CONTROL_CHARS_MESSAGE, noControlChars } from './common';
import { DEFAULT_LORA_WEIGHT, DEFAULT_STYLE_COST, MAX_STYLE_LORAS } from '../constants';

// Spec part 2 §2 / §5 and docs/product/decisions.md §8: every message is the spec's own text.
export const STYLE_NAME_MIN = 'Name must be at least 2 characters';
export const STYLE_DESCRIPTION_MIN = 'Description must be at least 5 characters';
export const STYLE_COST_NEGATIVE = 'Token cost cannot be negative';
export const STYLE_PROMPT_OR_LORA = 'Either a prompt or at least one LoRA model must be provided';
/** docs/product/decisions.md §8: a prompt given but shorter than 5 characters (with no LoRA) is too short, not missing. */
export const STYLE_PROMPT_TOO_SHORT = 'Prompt must be at least 5 characters (or add a LoRA model)';
export const STYLE_MAX_LORAS = 'Maximum of 2 LoRA models allowed per preset style.';
export const STYLE_MAX_COST = 100_000;
// Runware accepts LoRA weights from -4 to 4 (docs/vendors/providers.md B); the form's hint says so, with 0.1-1.0 as the usual range.
export const LORA_WEIGHT_MIN = -4;
export const LORA_WEIGHT_MAX = 4;

const WEIGHT_MESSAGE = `Weight must be a number between ${LORA_WEIGHT_MIN} and ${LORA_WEIGHT_MAX}`;

// Weight arrives as text (the form's input) or a number; it is stored as a number (docs/product/interfaces.md).
export const loraWeightSchema = z
  .union([z.number({ error: WEIGHT_MESSAGE }), z.string({ error: WEIGHT_MESSAGE })])
  .transform((v, ctx) => {
    const n = typeof v === 'number' ? v : v.trim() === '' ? DEFAULT_LORA_WEIGHT : Number(v.trim());
    if (!Number.isFinite(n) || n < LORA_WEIGHT_MIN || n > LORA_WEIGHT_MAX) {
      ctx.addIssue({ code: 'custom', message: WEIGHT_MESSAGE });
      return z.NEVER;
    }
    return n;
  });

/**
 * A LoRA is named by its AIR identifier `source:id@version` (docs/vendors/providers.md B.3), e.g.
 * `civitai:58390@62833`; ids need not be numeric (hashes are seen in the wild). Anything else reached
 * Runware and failed only at generation time.
 */
export const AIR_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*:[A-Za-z0-9][A-Za-z0-9_-]*@[A-Za-z0-9][A-Za-z0-9._-]*$/;
export const AIR_MESSAGE = 'LoRA Model ID must be an AIR identifier such as civitai:123456@789';
const airIdSchema = z
  .string()
  .trim()
  .max(200, 'LoRA Model ID must be at most 200 characters')
  .refine((v) => v === '' || AIR_PATTERN.test(v), AIR_MESSAGE);

export const loraEntrySchema = z.object({
  id: airIdSchema.default(''),
  weight: loraWeightSchema.default(DEFAULT_LORA_WEIGHT),
  triggerWord: z
    .string()
    .trim()
    .max(200, 'Trigger word must be at most 200 characters')
    .nullish()
    .transform((v) => v ?? ''),
});

// A preview image is either a file this server stores for anyone to read, or an absolute http(s) URL.
export const previewImageUrlSchema = z
  .string()
  .trim()
  .max(2000, 'Preview image URL is too long')
  .refine(
    (v) =>
      v === '' ||
      (/^\/files\/public\/[A-Za-z0-9][A-Za-z0-9._\-/]*$/.test(v) && !v.includes('..')) ||
      /^https?:\/\/\S+$/i.test(v),
    'Please enter a valid image URL',
  )
  .nullish()
  .transform((v) => (v ? v : null));

// An emptied Token Cost field is an error, not a silent 0 (coercion alone turns "" into 0); an omitted
// tokenCost still means 50 (docs/product/interfaces.md "Preset styles").
const costSchema = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? Number.NaN : v),
  z.coerce
    .number({ error: 'Token cost must be a number' })
    .int('Token cost must be a whole number')
    .min(0, STYLE_COST_NEGATIVE)
    .max(STYLE_MAX_COST, `Token cost must be at most ${STYLE_MAX_COST}`),
);

/**
 * The style form and POST/PUT /api/preset-styles. On submit, entries without an id are dropped and a
 * legacy single LoRA (loraModelId/loraWeight/loraTriggerWord) becomes a one-entry list (docs/product/spec-part-2.md §5).
 */
const hasLora = (v: { loraModels: { id: string }[]; loraModelId?: string | null }) =>
  v.loraModels.some((l) => l.id !== '') || Boolean(v.loraModelId);

type StyleTexts = {
  name: string;
  description: string;
  prompt: string;
  negativePrompt: string;
  tokenCost: number;
};

/**
 * A style's texts and price, carried over as they are between its forms (the API's input, the stored
 * row, the admin's form, the audit log); the preview, LoRAs and flags each form spells its own way.
 */
export function styleTexts(s: StyleTexts): StyleTexts {
  return {
    name: s.name,
    description: s.description,
    prompt: s.prompt,
    negativePrompt: s.negativePrompt,
    tokenCost: s.tokenCost,
  };
}

export const presetStyleSchema = z
  .object({
    name: z
      .string({ error: STYLE_NAME_MIN })
      .trim()
      .min(2, STYLE_NAME_MIN)
      .max(100, 'Name must be at most 100 characters')
      .refine(noControlChars(), CONTROL_CHARS_MESSAGE),
    description: z
      .string({ error: STYLE_DESCRIPTION_MIN })
      .trim()
      .min(5, STYLE_DESCRIPTION_MIN)
      .max(1000, 'Description must be at most 1000 characters')
      .refine(noControlChars(true), CONTROL_CHARS_MESSAGE),
    prompt: z
      .string()
      .trim()
      .max(2000, 'Prompt must be at most 2000 characters')
      .refine(noControlChars(true), CONTROL_CHARS_MESSAGE)
      .nullish()
      .transform((v) => v ?? ''),
    negativePrompt: z
      .string()
      .trim()
      .max(2000, 'Negative prompt must be at most 2000 characters')
      .refine(noControlChars(true), CONTROL_CHARS_MESSAGE)
      .nullish()
      .transform((v) => v ?? ''),
    tokenCost: costSchema.default(DEFAULT_STYLE_COST),
    previewImageUrl: previewImageUrlSchema,
    loraModels: z.array(loraEntrySchema).max(MAX_STYLE_LORAS, STYLE_MAX_LORAS).default([]),
    loraModelId: airIdSchema.nullish(),
    loraWeight: loraWeightSchema.nullish(),
    loraTriggerWord: z.string().trim().max(200).nullish(),
    isActive: z.boolean({ error: 'isActive must be true or false' }).default(true),
    isNSFW: z.boolean({ error: 'isNSFW must be true or false' }).optional(),
    isNsfw: z.boolean({ error: 'isNsfw must be true or false' }).optional(),
  })
  // docs/product/decisions.md §8: a prompt of 5+ characters, or at least one LoRA entry with an id. `when` lets this
  // message appear together with the other fields' messages instead of only after they are fixed.
  .refine((v) => v.prompt.length > 0 || hasLora(v), {
    path: ['prompt'],
    message: STYLE_PROMPT_OR_LORA,
    when: (payload) =>
      payload.issues.every((i) => !['prompt', 'loraModels', 'loraModelId'].includes(String(i.path?.[0]))),
  })
  .refine((v) => v.prompt.length === 0 || v.prompt.length >= 5 || hasLora(v), {
    path: ['prompt'],
    message: STYLE_PROMPT_TOO_SHORT,
    when: (payload) =>
      payload.issues.every((i) => !['prompt', 'loraModels', 'loraModelId'].includes(String(i.path?.[0]))),
  })
  .transform((v) => {
    let loraModels = v.loraModels.filter((l) => l.id !== '');
    if (loraModels.length === 0 && v.loraModelId) {
      loraModels = [
        {
          id: v.loraModelId,
          weight: v.loraWeight ?? DEFAULT_LORA_WEIGHT,
          triggerWord: v.loraTriggerWord ?? '',
        },
      ];
    }
    return {
      ...styleTexts(v),
      previewImageUrl: v.previewImageUrl,
      loraModels,
      isActive: v.isActive,
      isNsfw: v.isNSFW ?? v.isNsfw ?? false,
    };
  });
export type PresetStyleInput = z.input<typeof presetStyleSchema>;
export type PresetStyleValues = z.output<typeof presetStyleSchema>;

/** A preset style as the API sends it (list, detail, create, update). */
export const presetStyleViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  prompt: z.string(),
  negativePrompt: z.string(),
  previewImageUrl: z.string().nullable(),
  tokenCost: z.number(),
  isActive: z.boolean(),
  isNSFW: z.boolean(),
  loraModels: z.array(z.object({ id: z.string(), weight: z.string(), triggerWord: z.string() })),
  loraModelId: z.string().nullable(),
  loraWeight: z.string().nullable(),
  loraTriggerWord: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PresetStyle = z.infer<typeof presetStyleViewSchema>;
export const presetStyleListSchema = z.array(presetStyleViewSchema);
export const styleDeletedSchema = z.object({ success: z.boolean(), message: z.string() });
export const styleImageUploadedSchema = z.object({ imageUrl: z.string() });

const queryFlag = z
  .enum(['true', 'false', '1', '0'], { error: 'Expected true or false' })
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** GET /api/preset-styles: NSFW styles and inactive ones (admin) only when asked for. */
export const styleListQuerySchema = z.object({ showNsfw: queryFlag, includeInactive: queryFlag });
export const styleDetailQuerySchema = z.object({ showNsfw: queryFlag });
