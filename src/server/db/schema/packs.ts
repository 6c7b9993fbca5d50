import { boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts, updatedAt } from './common';
import { presetStyles } from './catalog';
import { models } from './models';
import { users } from './users';

// Photo packs (issue 26, part 1; docs/decisions/038-photo-packs.md): a themed set of prompts an admin
// defines, bought in one go with a ready personal model.
/** One sample picture of a pack (decision 064): its public storage key and what it shows. */
export type PackSampleEntry = { key: string; prompt: string; style: string | null };

export const packs = pgTable(
  'packs',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    // storage key (public/packs/...) or an absolute URL
    coverKey: text('cover_key'),
    // sample pictures the offline engine drew of the pack's prompts and styles (decision 064);
    // null: not drawn yet (the first list that shows the pack asks for them)
    samples: jsonb('samples').$type<PackSampleEntry[]>(),
    // 'sum': the images' costs added up; 'discounted': discount_price tokens for the whole pack
    priceMode: text('price_mode', { enum: ['sum', 'discounted'] })
      .notNull()
      .default('sum'),
    discountPrice: integer('discount_price'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('packs_active_idx').on(t.isActive, t.createdAt, t.id)],
);

export const packPrompts = pgTable(
  'pack_prompts',
  {
    id: id(),
    packId: uuid('pack_id')
      .notNull()
      .references(() => packs.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    prompt: text('prompt').notNull(),
    styleId: uuid('style_id').references(() => presetStyles.id, { onDelete: 'set null' }),
    // null: the pack default size (shared/schemas/packs.ts)
    width: integer('width'),
    height: integer('height'),
  },
  (t) => [index('pack_prompts_pack_idx').on(t.packId, t.position)],
);

export const packBatches = pgTable(
  'pack_batches',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    modelId: uuid('model_id').references(() => models.id, { onDelete: 'set null' }),
    packId: uuid('pack_id').references(() => packs.id, { onDelete: 'set null' }),
    packName: text('pack_name').notNull(),
    status: text('status', { enum: ['pending', 'running', 'succeeded', 'partial', 'failed'] })
      .notNull()
      .default('pending'),
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    // tokens debited (the pack's price) and what the images would cost one by one
    charged: integer('charged').notNull(),
    fullCost: integer('full_cost').notNull(),
    refunded: integer('refunded').notNull().default(0),
    error: text('error'),
    createdAt: createdAt(),
    completedAt: ts('completed_at'),
  },
  (t) => [index('pack_batches_user_idx').on(t.userId, t.createdAt, t.id)],
);
