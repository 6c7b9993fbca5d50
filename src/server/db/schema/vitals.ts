import { sql } from 'drizzle-orm';
import { bigserial, check, doublePrecision, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './common';

/**
 * Real-user Web Vitals, one row per browser measurement (docs/decisions/057-web-vitals.md): a page
 * pattern (`/models/:id`, never an id), the vital's name, its value (ms; CLS unitless) and the
 * browser's rating. No user, no address: nothing personal. Kept VITALS_RETENTION_DAYS.
 */
export const webVitals = pgTable(
  'web_vitals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    route: text('route').notNull(),
    name: text('name').notNull(),
    value: doublePrecision('value').notNull(),
    rating: text('rating').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // the admin's p75 reads a window of recent rows, and the prune deletes the oldest: both by time.
    // Route, name and value ride along so the read never visits the table itself.
    index('web_vitals_created_at_idx').on(t.createdAt, t.route, t.name, t.value),
    check('web_vitals_name_check', sql`${t.name} in ('LCP', 'INP', 'CLS', 'TTFB', 'FCP')`),
  ],
);
