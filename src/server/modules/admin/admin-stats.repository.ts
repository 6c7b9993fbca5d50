import { asc, between, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { adminDailyStats, generatedImages, models, transactions, users } from '../../db/schema/index';

/**
 * Ledger rows that move bought tokens (docs/decisions/040-admin-charts.md): a payment's credit
 * ('purchase'), its take-backs and won-dispute returns ('refund' of ref_type 'payment',
 * modules/payments/payment-reversals.ts) and owed tokens collected from a later purchase ('refund' of
 * ref_type 'owed', tokens/ledger.service.ts `collectOwedTokens`). Every other 'refund' gives back a
 * charge for work ('usage': generation, training, and any later kind).
 */
const BOUGHT_REF_TYPES = sql.raw(`'payment', 'owed'`);

export type DailyStatsRow = {
  date: string;
  revenue_cents: string | number;
  purchases: string | number;
  signups: string | number;
  images: string | number;
  trainings_ready: string | number;
  trainings_failed: string | number;
  tokens_spent: string | number;
  tokens_bought: string | number;
};

/**
 * Reporting reads for the admin dashboard, straight from the tables like admin.repository.ts's
 * totals: read-only, and every figure is a range scan of one index per UTC day (migration 0019).
 */
export function createAdminStatsRepository(db: DbOrTx) {
  return {
    /**
     * One row per UTC day from `first` to `last` (YYYY-MM-DD, both included), zeros where nothing
     * happened. Days are built as timestamps without a zone and read as UTC, so the session's TimeZone
     * (and its daylight saving) never moves a boundary.
     */
    async daily(first: string, last: string): Promise<DailyStatsRow[]> {
      const res = await db.execute(sql`
        with days as (
          select to_char(d, 'YYYY-MM-DD') as date,
                 d at time zone 'UTC' as start,
                 (d + interval '1 day') at time zone 'UTC' as stop
          from generate_series(${first}::timestamp, ${last}::timestamp, interval '1 day') as d
        )
        select days.date,
          (select count(*) from ${users} u
            where u.created_at >= days.start and u.created_at < days.stop) as signups,
          (select count(*) from ${generatedImages} g
            where g.created_at >= days.start and g.created_at < days.stop) as images,
          (select count(*) from ${models} m
            where m.ready_at >= days.start and m.ready_at < days.stop) as trainings_ready,
          (select count(*) from ${models} m
            where m.failed_at >= days.start and m.failed_at < days.stop) as trainings_failed,
          ledger.revenue_cents, ledger.purchases, ledger.tokens_spent, ledger.tokens_bought
        from days
        cross join lateral (
          select
            coalesce(sum(t.amount_in_cents) filter (where t.ref_type = 'payment'), 0) as revenue_cents,
            count(*) filter (where t.type = 'purchase') as purchases,
            coalesce(sum(-t.amount) filter (
              where t.type = 'usage' or (t.type = 'refund' and t.ref_type is distinct from 'payment'
                and t.ref_type is distinct from 'owed')), 0) as tokens_spent,
            coalesce(sum(t.amount) filter (
              where t.type = 'purchase' or (t.type = 'refund' and t.ref_type in (${BOUGHT_REF_TYPES}))), 0)
              as tokens_bought
          from ${transactions} t
          where t.type in ('purchase', 'usage', 'refund')
            and t.created_at >= days.start and t.created_at < days.stop
        ) as ledger
        order by days.date`);
      return (res as unknown as { rows: DailyStatsRow[] }).rows;
    },
    /** The kept figures of finished days from `first` to `last` (YYYY-MM-DD, both included). */
    async kept(first: string, last: string) {
      return db
        .select()
        .from(adminDailyStats)
        .where(between(adminDailyStats.date, first, last))
        .orderBy(asc(adminDailyStats.date));
    },
    /** Keeps finished days' figures; a day already kept (another request got there first) stays. */
    async keep(days: (typeof adminDailyStats.$inferInsert)[]) {
      if (days.length === 0) return;
      await db.insert(adminDailyStats).values(days).onConflictDoNothing({ target: adminDailyStats.date });
    },
  };
}
