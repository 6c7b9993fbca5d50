import type { AppDeps } from '../../deps';
import type { StatsPeriod } from '../../../shared/constants';
import type { DailyStats } from '../../../shared/schemas/admin-stats';
import { createAdminStatsRepository, type DailyStatsRow } from './admin-stats.repository';

const DAY_MS = 86_400_000;
/**
 * How long after a UTC midnight the day before still counts live: a row is stamped with its
 * transaction's start (PostgreSQL's now()), so a transaction open across midnight can still commit
 * rows of the day before for a while after it.
 */
export const DAY_SETTLES_MS = 60 * 60_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const utcMidnight = (ms: number) => ms - (((ms % DAY_MS) + DAY_MS) % DAY_MS);

type Day = DailyStats['days'][number];
const fromRow = (r: DailyStatsRow): Day => ({
  date: r.date,
  revenueCents: Number(r.revenue_cents),
  purchases: Number(r.purchases),
  signups: Number(r.signups),
  images: Number(r.images),
  trainingsReady: Number(r.trainings_ready),
  trainingsFailed: Number(r.trainings_failed),
  tokensSpent: Number(r.tokens_spent),
  tokensBought: Number(r.tokens_bought),
});

/**
 * The admin charts' figures per UTC day (docs/decisions/040-admin-charts.md). A finished day is
 * counted from the tables once and kept (admin_daily_stats); the days still open — today, and
 * yesterday during its first hour — are counted live on every call. So a 90-day chart scans one
 * day of rows, not ninety, and a day's figures stay what they were when it ended (a later deleted
 * image or account does not rewrite history).
 */
export function createAdminStatsService(deps: Pick<AppDeps, 'db'>) {
  const repo = createAdminStatsRepository(deps.db);
  return {
    /** The last `days` UTC days, today included, oldest first; a day without events is all zeros. */
    async daily(days: StatsPeriod, now = new Date()): Promise<DailyStats> {
      const today = utcMidnight(now.getTime());
      const first = today - (days - 1) * DAY_MS;
      // the first day still open: today, or yesterday while it settles
      const open = Math.max(first, utcMidnight(now.getTime() - DAY_SETTLES_MS));
      const finished: Day[] = [];
      if (open > first) {
        const last = open - DAY_MS;
        const kept = new Map((await repo.kept(isoDay(first), isoDay(last))).map((d) => [d.date, d as Day]));
        const missing = [];
        for (let d = first; d <= last; d += DAY_MS) if (!kept.has(isoDay(d))) missing.push(d);
        if (missing.length > 0) {
          const counted = (await repo.daily(isoDay(missing[0]!), isoDay(missing.at(-1)!)))
            .map(fromRow)
            .filter((d) => !kept.has(d.date));
          await repo.keep(counted);
          for (const d of counted) kept.set(d.date, d);
        }
        for (let d = first; d <= last; d += DAY_MS) finished.push(kept.get(isoDay(d))!);
      }
      const live = (await repo.daily(isoDay(open), isoDay(today))).map(fromRow);
      return {
        days: [...finished, ...live].map((d) => ({
          date: d.date,
          revenueCents: d.revenueCents,
          purchases: d.purchases,
          signups: d.signups,
          images: d.images,
          trainingsReady: d.trainingsReady,
          trainingsFailed: d.trainingsFailed,
          tokensSpent: d.tokensSpent,
          tokensBought: d.tokensBought,
        })),
      };
    },
  };
}
