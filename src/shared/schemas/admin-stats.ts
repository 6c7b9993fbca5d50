import { z } from 'zod';
import type { StatsPeriod } from '../constants';

const PERIOD_MESSAGE = 'days must be 7, 30 or 90';

/** `GET /api/admin/stats/daily?days=7|30|90`: the URL carries text, so "30" is read as 30. */
export const dailyStatsQuerySchema = z.object({
  days: z
    .enum(['7', '30', '90'], { error: PERIOD_MESSAGE })
    .default('30')
    .transform((d) => Number(d) as StatsPeriod),
});

/** One UTC day of the admin charts; every figure counts what happened on that day (decision 040). */
export const dailyStatsDaySchema = z.object({
  /** the UTC calendar day, YYYY-MM-DD */
  date: z.string(),
  /** money received for credited purchases, less money returned by refunds and lost disputes */
  revenueCents: z.number(),
  /** purchases credited that day */
  purchases: z.number(),
  signups: z.number(),
  images: z.number(),
  trainingsReady: z.number(),
  trainingsFailed: z.number(),
  /** tokens charged for work, less tokens refunded for work that failed */
  tokensSpent: z.number(),
  /** tokens credited by purchases, less tokens taken back by refunds and disputes */
  tokensBought: z.number(),
});
export type DailyStatsDay = z.infer<typeof dailyStatsDaySchema>;

export const dailyStatsSchema = z.object({ days: z.array(dailyStatsDaySchema) });
export type DailyStats = z.infer<typeof dailyStatsSchema>;
