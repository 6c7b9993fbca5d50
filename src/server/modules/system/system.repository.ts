import { and, asc, desc, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobs, rateLimits, transactions, workers } from '../../db/schema/index';

/** Read-only views of the jobs, workers and ledger tables for the operator (System panel, /metrics). */
export function createSystemRepository(db: Db) {
  return {
    /** Live fixed-window counters whose key starts with `prefix` (the mail caps' "held back" counts). */
    async counters(prefix: string, windowMs: number) {
      return db
        .select({ key: rateLimits.key, count: rateLimits.count })
        .from(rateLimits)
        .where(
          and(
            sql`${rateLimits.key} like ${`${prefix}%`}`,
            sql`${rateLimits.windowStart} >= now() - make_interval(secs => ${windowMs / 1000})`,
          ),
        );
    },
    async jobsByNameAndState() {
      return db
        .select({
          name: jobs.name,
          status: jobs.status,
          count: sql<number>`count(*)::int`,
          oldestAt: sql<Date>`min(${jobs.createdAt})`.mapWith(jobs.createdAt),
        })
        .from(jobs)
        .groupBy(jobs.name, jobs.status)
        .orderBy(jobs.status, jobs.name);
    },
    async jobsByState() {
      return db
        .select({ status: jobs.status, count: sql<number>`count(*)::int` })
        .from(jobs)
        .groupBy(jobs.status);
    },
    /** the queued job due the longest */
    async oldestPending(now: Date) {
      const [row] = await db
        .select({ id: jobs.id, name: jobs.name, runAt: jobs.runAt, attempts: jobs.attempts })
        .from(jobs)
        .where(and(eq(jobs.status, 'queued'), lte(jobs.runAt, now)))
        .orderBy(asc(jobs.runAt))
        .limit(1);
      return row ?? null;
    },
    /** jobs whose last attempt failed since `since` (retrying or given up), newest first */
    async failuresSince(since: Date, limit: number) {
      return db
        .select({
          id: jobs.id,
          name: jobs.name,
          status: jobs.status,
          attempts: jobs.attempts,
          maxAttempts: jobs.maxAttempts,
          error: jobs.lastError,
          at: jobs.updatedAt,
        })
        .from(jobs)
        .where(and(isNotNull(jobs.lastError), gte(jobs.updatedAt, since)))
        .orderBy(desc(jobs.updatedAt))
        .limit(limit);
    },
    async workers() {
      return db.select().from(workers).orderBy(desc(workers.lastSeen));
    },
    async ledgerTotalsByType() {
      return db
        .select({
          type: transactions.type,
          count: sql<number>`count(*)::int`,
          tokens: sql<number>`coalesce(sum(${transactions.amount}), 0)::bigint`.mapWith(Number),
        })
        .from(transactions)
        .groupBy(transactions.type);
    },
  };
}
