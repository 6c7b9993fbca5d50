import { and, desc, eq, gt, inArray, isNull, lt, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { authTokens, sessions, users } from '../../db/schema/index';

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
  };
}
