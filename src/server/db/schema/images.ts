import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, ts } from './common';
import { baseModels, presetStyles } from './catalog';
import { models } from './models';
import { users } from './users';
import { packBatches } from './packs';

export const generations = pgTable(
  'generations',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'running', 'succeeded', 'partial', 'failed'] })
      .notNull()
      .default('pending'),
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    count: integer('count').notNull(),
    costPerImage: integer('cost_per_image').notNull(),
    totalCost: integer('total_cost').notNull(),
    delivered: integer('delivered').notNull().default(0),
    engine: text('engine').notNull().default('offline'),
    error: text('error'),
    createdAt: createdAt(),
    completedAt: ts('completed_at'),
  },
  (t) => [
    index('generations_user_idx').on(t.userId, t.createdAt),
    index('generations_status_idx').on(t.status, t.createdAt),
  ],
);

export const generatedImages = pgTable(
  'generated_images',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    generationId: uuid('generation_id').references(() => generations.id, { onDelete: 'set null' }),
    // the photo-pack batch this image belongs to: the gallery shows a batch as an album (decision 038)
    packBatchId: uuid('pack_batch_id').references(() => packBatches.id, { onDelete: 'set null' }),
    modelId: uuid('model_id').references(() => models.id, { onDelete: 'set null' }),
    baseModelId: uuid('base_model_id').references(() => baseModels.id, { onDelete: 'set null' }),
    styleId: uuid('style_id').references(() => presetStyles.id, { onDelete: 'set null' }),
    prompt: text('prompt').notNull().default(''),
    negativePrompt: text('negative_prompt').notNull().default(''),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    seed: integer('seed'),
    loraStrength: real('lora_strength'),
    tokensUsed: integer('tokens_used').notNull().default(0),
    isNsfw: boolean('is_nsfw').notNull().default(false),
    storageKey: text('storage_key').notNull(),
    thumbKey: text('thumb_key'),
    runwareTaskId: text('runware_task_id'),
    // 0–100, how much the largest face looks like the personal model's person (decision 022); null: not
    // scored (no personal model, no detectable face, or not scored yet) — never a made-up number
    likeness: integer('likeness'),
    // the image this one is an upscale of (issue 25); its upscales are the rows naming it here
    upscaledFrom: uuid('upscaled_from').references((): AnyPgColumn => generatedImages.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    index('generated_images_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('generated_images_created_idx').on(t.createdAt, t.id),
    index('generated_images_user_model_idx').on(t.userId, t.modelId, t.createdAt, t.id),
    index('generated_images_user_style_idx').on(t.userId, t.styleId, t.createdAt, t.id),
    index('generated_images_generation_idx').on(t.generationId),
    index('generated_images_pack_batch_idx').on(t.packBatchId, t.createdAt, t.id),
    index('generated_images_upscaled_from_idx').on(t.upscaledFrom),
    // the gallery's "most like you" order and its keyset cursor (likeness, created_at, id)
    index('generated_images_user_likeness_idx').on(t.userId, t.likeness, t.createdAt, t.id),
    // prompt search is `ilike '%word%'`: only a trigram index can serve it (migration 0002 skips it without pg_trgm)
    index('generated_images_prompt_trgm_idx').using('gin', t.prompt.op('gin_trgm_ops')),
  ],
);
