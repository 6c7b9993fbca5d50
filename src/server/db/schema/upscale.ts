import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts, updatedAt } from './common';
import { generatedImages } from './images';
import { users } from './users';

// Issue 25 (migration 0016, docs/decisions/037-downloads-and-upscale.md).

/** Tokens an upscale costs, per factor; seeded by the migration, edited in the admin panel. */
export const upscalePrices = pgTable('upscale_prices', {
  factor: integer('factor').primaryKey(),
  tokenCost: integer('token_cost').notNull(),
  updatedAt: updatedAt(),
});

/** One upscale request: what was charged, the durable job's state, and the image it made. */
export const upscales = pgTable(
  'upscales',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sourceImageId: uuid('source_image_id').references(() => generatedImages.id, { onDelete: 'set null' }),
    factor: integer('factor').notNull(),
    tokenCost: integer('token_cost').notNull(),
    status: text('status', { enum: ['pending', 'running', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    engine: text('engine').notNull().default('offline'),
    resultImageId: uuid('result_image_id').references(() => generatedImages.id, { onDelete: 'set null' }),
    error: text('error'),
    createdAt: createdAt(),
    completedAt: ts('completed_at'),
  },
  (t) => [index('upscales_user_created_idx').on(t.userId, t.createdAt)],
);
