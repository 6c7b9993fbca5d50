import { boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './common';

export const baseModels = pgTable(
  'base_models',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    // vendor model identifier (Runware AIR), e.g. runware:101@1
    air: text('air').notNull(),
    // the family a LoRA must match (shared/architecture.ts); Runware's modelUpload names
    architecture: text('architecture').notNull().default('flux1d'),
    tokenCost: integer('token_cost').notNull().default(15),
    isDefault: boolean('is_default').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('base_models_sort_idx').on(t.sortOrder, t.createdAt)],
);

export type LoraEntry = { id: string; weight: number; triggerWord: string };

export const presetStyles = pgTable(
  'preset_styles',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    prompt: text('prompt').notNull().default(''),
    negativePrompt: text('negative_prompt').notNull().default(''),
    // storage key (styles/...) or an absolute URL set by an admin
    previewImageUrl: text('preview_image_url'),
    tokenCost: integer('token_cost').notNull().default(50),
    isActive: boolean('is_active').notNull().default(true),
    isNsfw: boolean('is_nsfw').notNull().default(false),
    loraModels: jsonb('lora_models').$type<LoraEntry[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('preset_styles_active_idx').on(t.isActive, t.isNsfw, t.createdAt)],
);

export const tokenPackages = pgTable(
  'token_packages',
  {
    id: id(),
    name: text('name').notNull(),
    tokenAmount: integer('token_amount').notNull(),
    priceInCents: integer('price_in_cents').notNull(),
    isDiscounted: boolean('is_discounted').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('token_packages_sort_idx').on(t.isActive, t.sortOrder)],
);
