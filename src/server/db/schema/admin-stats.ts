import { bigint, date, integer, pgTable } from 'drizzle-orm/pg-core';
import { ts } from './common';

/**
 * The admin charts' figures of finished UTC days (docs/decisions/040-admin-charts.md): counted once
 * from the tables, then read from here, so a 90-day chart counts only today live. No personal data:
 * sums per day.
 */
export const adminDailyStats = pgTable('admin_daily_stats', {
  date: date('date', { mode: 'string' }).primaryKey(),
  revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull(),
  purchases: integer('purchases').notNull(),
  signups: integer('signups').notNull(),
  images: integer('images').notNull(),
  trainingsReady: integer('trainings_ready').notNull(),
  trainingsFailed: integer('trainings_failed').notNull(),
  tokensSpent: bigint('tokens_spent', { mode: 'number' }).notNull(),
  tokensBought: bigint('tokens_bought', { mode: 'number' }).notNull(),
  computedAt: ts('computed_at').notNull().defaultNow(),
});
