import type { DbOrTx } from '../../db/client';
import { createRateLimiter, rateLimited, type SlidingRule } from '../../lib/rate-limiter';
import { CEILING_RULE, CLIENT_RULE, secondsLeft, waitAfterFailures } from '../auth';

/**
 * The second step of a sign-in is throttled exactly as its password step is
 * (docs/decisions/015-login-throttling.md, modules/auth/login-throttle.ts): per client (a known device,
 * or the account and the address) and, for clients that are not known devices, a ceiling per account.
 * Each attempt is counted before the code is checked and given back when it succeeds, so codes sent
 * together cannot all pass on the same count. Six digits are a million guesses: at the rules' pace a
 * guesser gets through a handful an hour.
 */
export function createCodeThrottle(db: DbOrTx) {
  const limits = createRateLimiter(db);

  async function secondsToWait(key: string, rule: SlidingRule) {
    const { failures, sinceLastMs } = await limits.peekSliding(key, rule.memoryMs);
    return Math.max(
      1,
      secondsLeft(waitAfterFailures(failures, rule.free, rule.baseMs, rule.capMs), sinceLastMs),
    );
  }

  return {
    /** Counts an attempt or throws 429; answers how to settle it once the code is judged. */
    async reserve(userId: string, ip: string, knownDeviceId: string | null) {
      const clientKey = knownDeviceId ? `2fa:device:${knownDeviceId}` : `2fa:client:user:${userId}:${ip}`;
      const userKey = `2fa:user:${userId}`;
      // the account's own counters: its deletion deletes them (lib/rate-limiter.ts)
      const counters = limits.owned(userId);
      if (!(await counters.reserveSliding(clientKey, CLIENT_RULE)))
        throw rateLimited(await secondsToWait(clientKey, CLIENT_RULE));
      if (!knownDeviceId && !(await counters.reserveSliding(userKey, CEILING_RULE))) {
        await counters.releaseSliding(clientKey);
        throw rateLimited(await secondsToWait(userKey, CEILING_RULE));
      }
      return {
        async failed() {
          // a known device's failures still count towards the ceiling for everyone else
          if (knownDeviceId) await counters.hitSliding(userKey, CEILING_RULE.memoryMs);
        },
        async succeeded() {
          if (!knownDeviceId) await counters.releaseSliding(userKey);
          await counters.resetHits(clientKey);
        },
      };
    },
  };
}
