import type { AppDeps } from '../../deps';
import type { StatsPeriod } from '../../../shared/constants';
import type { DailyStats } from '../../../shared/schemas/admin-stats';
import { createAdminStatsRepository } from './admin-stats.repository';

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The admin charts' figures per UTC day (docs/decisions/040-admin-charts.md). */
export function createAdminStatsService(deps: Pick<AppDeps, 'db'>) {
  const repo = createAdminStatsRepository(deps.db);
  return {
    /** The last `days` UTC days, today included, oldest first; a day without events is all zeros. */
    async daily(days: StatsPeriod, now = new Date()): Promise<DailyStats> {
      const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
      const rows = await repo.daily(isoDay(today - (days - 1) * DAY_MS), isoDay(today));
      return {
        days: rows.map((r) => ({
          date: r.date,
          revenueCents: Number(r.revenue_cents),
          purchases: Number(r.purchases),
          signups: Number(r.signups),
          images: Number(r.images),
          trainingsReady: Number(r.trainings_ready),
          trainingsFailed: Number(r.trainings_failed),
          tokensSpent: Number(r.tokens_spent),
          tokensBought: Number(r.tokens_bought),
        })),
      };
    },
  };
}
