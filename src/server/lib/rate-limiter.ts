import { eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rateLimits } from '../db/schema/index';
import { AppError } from './errors';

/**
 * A counter that forgets only after `memoryMs` without a failure and lets an attempt through once
 * `baseMs·2^(failures−free)` (at most `capMs`) passed since the last one (login throttling).
 */
export type SlidingRule = { memoryMs: number; free: number; baseMs: number; capMs: number };

/** The 429 every limit answers with; `retryAfter` also becomes the Retry-After header. */
export function rateLimited(retryAfterSec: number, message = 'Too many attempts. Please try again later.') {
  return new AppError(429, 'RATE_LIMITED', message, undefined, { retryAfter: retryAfterSec });
}

// The app-wide rate limiter: counters in the rate_limits table, so every web instance shares them.
// Any module may count with it; the keys say whose counter it is ("login:ip:…", "ticket:user:…").
//
// A counter about an account is written with that account as its owner (`owned(userId)`), so that
// deleting the account deletes exactly its counters (`deleteOwnedBy`) and nobody else's (issue 40,
// point 1: a pattern over the keys freed every throttle whose key held the deleted name).
export function createRateLimiter(db: DbOrTx) {
  return {
    ...countersFor(db, null),
    /** The same counters, written as belonging to this account. */
    owned: (userId: string) => countersFor(db, userId),
  };
}

function countersFor(db: DbOrTx, owner: string | null) {
  /** Fixed-window counter. */
  async function hit(key: string, windowMs: number) {
    const res = await db.execute(sql`
        insert into ${rateLimits} (key, window_start, count, owner_id) values (${key}, now(), 1, ${owner})
        on conflict (key) do update set
          owner_id = coalesce(${rateLimits.ownerId}, excluded.owner_id),
          count = case when ${rateLimits.windowStart} < now() - make_interval(secs => ${windowMs / 1000}) then 1 else ${rateLimits.count} + 1 end,
          window_start = case when ${rateLimits.windowStart} < now() - make_interval(secs => ${windowMs / 1000}) then now() else ${rateLimits.windowStart} end
        returning count, extract(epoch from (window_start + make_interval(secs => ${windowMs / 1000}) - now()))::float as remaining`);
    const row = (res as unknown as { rows: { count: number; remaining: number }[] }).rows[0];
    return { count: Number(row.count), retryAfterSec: Math.max(1, Math.ceil(Number(row.remaining))) };
  }

  return {
    hit,
    /** Counts a hit and throws the 429 once more than `max` fell in the window. */
    async enforce(key: string, windowMs: number, max: number, message?: string) {
      const res = await hit(key, windowMs);
      if (res.count > max) throw rateLimited(res.retryAfterSec, message);
    },
    /** The counter's current value without adding a hit (0 once its window has passed). */
    async peekHits(key: string, windowMs: number) {
      const res = await db.execute(sql`
        select count, extract(epoch from (window_start + make_interval(secs => ${windowMs / 1000}) - now()))::float as remaining
        from ${rateLimits}
        where key = ${key} and window_start >= now() - make_interval(secs => ${windowMs / 1000})`);
      const row = (res as unknown as { rows: { count: number; remaining: number }[] }).rows[0];
      if (!row) return { count: 0, retryAfterSec: 0 };
      return { count: Number(row.count), retryAfterSec: Math.max(1, Math.ceil(Number(row.remaining))) };
    },
    /**
     * Counts a failure on a counter that forgets only after `memoryMs` without one: each hit moves the
     * window's start to now, so `window_start` is the time of the last failure (login throttling).
     */
    async hitSliding(key: string, memoryMs: number) {
      await db.execute(sql`
        insert into ${rateLimits} (key, window_start, count, owner_id) values (${key}, now(), 1, ${owner})
        on conflict (key) do update set
          owner_id = coalesce(${rateLimits.ownerId}, excluded.owner_id),
          count = case when ${rateLimits.windowStart} < now() - make_interval(secs => ${memoryMs / 1000}) then 1 else ${rateLimits.count} + 1 end,
          window_start = now()`);
    },
    /**
     * `hitSliding` only if the counter lets an attempt through now: fewer than `free` failures, or the
     * last one at least `base·2^(failures−free)` (at most `cap`) ago. One statement, so attempts that
     * arrive together cannot all pass on the same reading; the attempt counts as a failure until
     * `releaseSliding` takes it back. False when the caller has to wait.
     */
    async reserveSliding(key: string, rule: SlidingRule) {
      const memory = rule.memoryMs / 1000;
      const res = await db.execute(sql`
        insert into rate_limits as r (key, window_start, count, owner_id) values (${key}, now(), 1, ${owner})
        on conflict (key) do update set
          owner_id = coalesce(r.owner_id, excluded.owner_id),
          count = case when r.window_start < now() - make_interval(secs => ${memory}) then 1 else r.count + 1 end,
          window_start = now()
        where r.window_start < now() - make_interval(secs => ${memory})
          or r.count < ${rule.free}
          or r.window_start <= now() - make_interval(secs => least(${rule.capMs}::float8,
               ${rule.baseMs}::float8 * power(2::float8, least(r.count - ${rule.free}, 40))) / 1000)
        returning count`);
      return (res as unknown as { rows: unknown[] }).rows.length > 0;
    },
    /** Takes back one attempt `reserveSliding` counted (it succeeded, or another limit refused it). */
    async releaseSliding(key: string) {
      await db.execute(sql`
        update ${rateLimits} set count = greatest(${rateLimits.count} - 1, 0) where key = ${key}`);
    },
    /** A sliding counter's failures and the milliseconds since the last one (0 failures once forgotten). */
    async peekSliding(key: string, memoryMs: number) {
      const res = await db.execute(sql`
        select count, (extract(epoch from (now() - window_start)) * 1000)::float as since
        from ${rateLimits}
        where key = ${key} and window_start >= now() - make_interval(secs => ${memoryMs / 1000})`);
      const row = (res as unknown as { rows: { count: number; since: number }[] }).rows[0];
      if (!row) return { failures: 0, sinceLastMs: 0 };
      return { failures: Number(row.count), sinceLastMs: Math.max(0, Number(row.since)) };
    },
    async resetHits(key: string) {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },
    /** Every counter that belongs to the account (its deletion). */
    async deleteOwnedBy(userId: string) {
      await db.delete(rateLimits).where(eq(rateLimits.ownerId, userId));
    },
    /** These counters, by whole key or by a key's beginning (no pattern: `_` and `%` are plain characters). */
    async deleteKeys({ exact, prefixes }: { exact: string[]; prefixes: string[] }) {
      for (const key of exact) await db.delete(rateLimits).where(eq(rateLimits.key, key));
      for (const prefix of prefixes)
        await db.delete(rateLimits).where(sql`left(${rateLimits.key}, ${prefix.length}) = ${prefix}`);
    },
    /** Rate-limit windows that started before `before` (maintenance); a live window is never older. */
    async deleteStale(before: Date) {
      await db.delete(rateLimits).where(lt(rateLimits.windowStart, before));
    },
  };
}
