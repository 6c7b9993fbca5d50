import { and, desc, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { authTokens, rateLimits, sessions, users } from '../../db/schema/index';
import type { SlidingRule } from './login-throttle';

type TokenKind = (typeof authTokens.$inferSelect)['kind'];

export function createAuthRepository(db: DbOrTx) {
  return {
    async createSession(id: string, userId: string, expiresAt: Date) {
      await db.insert(sessions).values({ id, userId, expiresAt });
    },
    /**
     * The live session's user. Besides its stored expiry, a session must be younger than the
     * absolute lifetime and used within the idle timeout, so shortening either takes effect at once.
     */
    async sessionUser(id: string, limits: { maxAgeMs: number; idleMs: number }) {
      const now = Date.now();
      const [row] = await db
        .select({
          user: users,
          createdAt: sessions.createdAt,
          expiresAt: sessions.expiresAt,
          lastSeenAt: sessions.lastSeenAt,
          userAgent: sessions.userAgent,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            eq(sessions.id, id),
            gt(sessions.expiresAt, new Date(now)),
            gt(sessions.createdAt, new Date(now - limits.maxAgeMs)),
            gt(sessions.lastSeenAt, new Date(now - limits.idleMs)),
          ),
        );
      return row ?? null;
    },
    async touchSession(id: string, expiresAt: Date, userAgent: string | null) {
      await db
        .update(sessions)
        .set({ lastSeenAt: new Date(), expiresAt, ...(userAgent ? { userAgent } : {}) })
        .where(eq(sessions.id, id));
    },
    /** The user's live sessions, by the same rules as sessionUser. */
    async userSessions(userId: string, limits: { maxAgeMs: number; idleMs: number }) {
      const now = Date.now();
      return db
        .select({
          id: sessions.id,
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
          userAgent: sessions.userAgent,
        })
        .from(sessions)
        .where(
          and(
            eq(sessions.userId, userId),
            gt(sessions.expiresAt, new Date(now)),
            gt(sessions.createdAt, new Date(now - limits.maxAgeMs)),
            gt(sessions.lastSeenAt, new Date(now - limits.idleMs)),
          ),
        )
        .orderBy(desc(sessions.lastSeenAt))
        .limit(100);
    },
    async deleteSession(id: string) {
      await db.delete(sessions).where(eq(sessions.id, id));
    },
    async deleteUserSessions(userId: string, exceptId?: string) {
      await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), exceptId ? ne(sessions.id, exceptId) : undefined));
    },
    async deleteExpiredSessions() {
      await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
    },
    /** Rate-limit windows that started before `before` (maintenance); a live window is never older. */
    async deleteStaleRateLimits(before: Date) {
      await db.delete(rateLimits).where(lt(rateLimits.windowStart, before));
    },
    async createToken(values: typeof authTokens.$inferInsert) {
      await db.insert(authTokens).values(values);
    },
    /** Marks a live token used and returns it; a used, expired or unknown token returns null. */
    async consumeToken(tokenHash: string, kind: TokenKind) {
      const [row] = await db
        .update(authTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(authTokens.tokenHash, tokenHash),
            eq(authTokens.kind, kind),
            isNull(authTokens.usedAt),
            gt(authTokens.expiresAt, new Date()),
          ),
        )
        .returning();
      return row ?? null;
    },
    /** The token whatever its state (used, expired or live), or null if none has this hash. */
    async tokenByHash(tokenHash: string, kind: TokenKind) {
      const [row] = await db
        .select()
        .from(authTokens)
        .where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.kind, kind)));
      return row ?? null;
    },
    async invalidateTokens(userId: string, kind: TokenKind) {
      await db
        .update(authTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(authTokens.userId, userId), eq(authTokens.kind, kind), isNull(authTokens.usedAt)));
    },
    /** Ends the links a password change must not outlive: "this wasn't me" and reset links. */
    async endCredentialLinks(userId: string) {
      await db
        .update(authTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(authTokens.userId, userId),
            inArray(authTokens.kind, ['revert_email', 'reset_password']),
            isNull(authTokens.usedAt),
          ),
        );
    },
    /** Fixed-window counter in the database, so every web instance shares it. */
    async hit(key: string, windowMs: number) {
      const res = await db.execute(sql`
        insert into ${rateLimits} (key, window_start, count) values (${key}, now(), 1)
        on conflict (key) do update set
          count = case when ${rateLimits.windowStart} < now() - make_interval(secs => ${windowMs / 1000}) then 1 else ${rateLimits.count} + 1 end,
          window_start = case when ${rateLimits.windowStart} < now() - make_interval(secs => ${windowMs / 1000}) then now() else ${rateLimits.windowStart} end
        returning count, extract(epoch from (window_start + make_interval(secs => ${windowMs / 1000}) - now()))::float as remaining`);
      const row = (res as unknown as { rows: { count: number; remaining: number }[] }).rows[0];
      return { count: Number(row.count), retryAfterSec: Math.max(1, Math.ceil(Number(row.remaining))) };
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
        insert into ${rateLimits} (key, window_start, count) values (${key}, now(), 1)
        on conflict (key) do update set
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
        insert into rate_limits as r (key, window_start, count) values (${key}, now(), 1)
        on conflict (key) do update set
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
  };
}
