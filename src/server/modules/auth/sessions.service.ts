import type { AppDeps } from '../../deps';
import { randomToken, sha256 } from '../../lib/crypto';
import { revokeUserApiKeys } from '../api-keys';
import { createAuthRepository } from './auth.repository';
import { TOUCH_EVERY_MS } from '../../lib/session-cache';
import { describeUserAgent } from '../../lib/user-agent';

const DAY = 86_400_000;

// The client sees a hash of the session id (itself a hash of the cookie), never the stored key.
const publicSessionId = (id: string) => sha256(`session:${id}`).slice(0, 32);

/**
 * Sessions: issued at sign-in, read on every request (through the in-process cache of decision 018),
 * listed and ended from Settings → Security, ended by a password change or reset. The sign-in rules
 * themselves live in auth.service.ts.
 */
export function createSessionsService(
  deps: Pick<AppDeps, 'db' | 'config'> & Partial<Pick<AppDeps, 'sessionCache'>>,
) {
  const { db, config, sessionCache } = deps;
  const auth = createAuthRepository(db);
  // The database triggers tell every instance (decision 018); this instance forgets at once as well,
  // so its own next request never races the notification.
  const forgetUser = (userId: string) => sessionCache?.forgetUser(userId);

  const maxAgeMs = config.sessions.maxAgeDays * DAY;
  const idleMs = config.sessions.idleDays * DAY;
  // a session's expiry: the idle timeout from now, never past its absolute lifetime
  const sessionExpiry = (createdAt: Date) =>
    new Date(Math.min(createdAt.getTime() + maxAgeMs, Date.now() + idleMs));

  return {
    forgetUser,

    async newSession(userId: string) {
      const token = randomToken();
      await auth.createSession(sha256(token), userId, sessionExpiry(new Date()));
      return token;
    },

    async userForSession(token: string, userAgent?: string) {
      const id = sha256(token);
      const agent = userAgent ? userAgent.slice(0, 500) : null;
      const cached = sessionCache?.get(id);
      if (cached && (!agent || agent === cached.userAgent)) return { user: cached.user, sessionId: id };
      const started = sessionCache?.begin() ?? 0;
      const row = await auth.sessionUser(id, { maxAgeMs, idleMs });
      if (!row) return null;
      if (row.user.status !== 'active') {
        await auth.deleteSession(id);
        forgetUser(row.user.id);
        return null;
      }
      // slide the idle expiry at most once an hour, not on every request; the device is noted on first use
      let { lastSeenAt, expiresAt } = row;
      let seenAgent = row.userAgent;
      if (Date.now() - lastSeenAt.getTime() > TOUCH_EVERY_MS || (agent && agent !== row.userAgent)) {
        lastSeenAt = new Date();
        expiresAt = sessionExpiry(row.createdAt);
        if (agent) seenAgent = agent;
        await auth.touchSession(id, expiresAt, agent);
      }
      // served from memory until the first of: its expiry, either lifetime, the next touch
      const validUntil = Math.min(
        expiresAt.getTime(),
        row.createdAt.getTime() + maxAgeMs,
        lastSeenAt.getTime() + Math.min(idleMs, TOUCH_EVERY_MS),
      );
      sessionCache?.set(
        id,
        { user: row.user, createdAt: row.createdAt, lastSeenAt, userAgent: seenAgent },
        validUntil,
        started,
      );
      return { user: row.user, sessionId: id };
    },

    /** The user's live sessions for Settings → Security, newest use first. */
    async listSessions(userId: string, currentId: string | null) {
      const rows = await auth.userSessions(userId, { maxAgeMs, idleMs });
      return rows.map((s) => ({
        id: publicSessionId(s.id),
        device: describeUserAgent(s.userAgent),
        createdAt: s.createdAt.toISOString(),
        lastSeenAt: s.lastSeenAt.toISOString(),
        current: s.id === currentId,
      }));
    },

    /** Ends one of the user's sessions, named by its public id; false when none matches. */
    async revokeSession(userId: string, publicId: string) {
      const rows = await auth.userSessions(userId, { maxAgeMs, idleMs });
      const row = rows.find((s) => publicSessionId(s.id) === publicId);
      if (!row) return false;
      await auth.deleteSession(row.id);
      forgetUser(userId);
      return true;
    },

    /**
     * "Sign out everywhere" (and a password change): every other session of the user ends, this one
     * stays, and every personal API key is revoked (issue 40, finding 2).
     */
    async revokeOtherSessions(userId: string, currentId: string) {
      await db.transaction(async (tx) => {
        await createAuthRepository(tx).deleteUserSessions(userId, currentId);
        await revokeUserApiKeys(tx, userId);
      });
      forgetUser(userId);
    },

    async logout(sessionId: string) {
      await auth.deleteSession(sessionId);
      sessionCache?.forgetSession(sessionId);
    },

    /** A password reset: every session and every personal API key ends. */
    async endSessions(userId: string) {
      await db.transaction(async (tx) => {
        await createAuthRepository(tx).deleteUserSessions(userId);
        await revokeUserApiKeys(tx, userId);
      });
      forgetUser(userId);
    },
  };
}
