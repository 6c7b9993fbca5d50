import { normaliseIdentifier } from '../../../shared/normalise';
import type { AppDeps } from '../../deps';
import { sha256 } from '../../lib/crypto';
import { createRateLimiter } from '../../lib/rate-limiter';

/**
 * How many account mails (password resets, address verifications, e-mail-change notices) one
 * account may cause and one address may receive (issue 28, point 3; issue 23). Counted in the
 * `rate_limits` table (decision 012), so every web and worker process shares the same counts. A
 * mail over a cap is not sent; the HTTP answer that caused it does not change, so no caller learns
 * whether a mail went out. docs/operators/security.md lists these numbers for operators.
 */
export const MAIL_CAPS = {
  /** reset links per account */
  reset: { max: 3, windowMs: 60 * 60_000 },
  /** verification links per account (sign-up, resend, e-mail change) */
  verify: { max: 5, windowMs: 60 * 60_000 },
  /** "your e-mail was changed" notices per account */
  notice: { max: 3, windowMs: 24 * 60 * 60_000 },
  /** every kind together, per recipient address, whichever account asked */
  perAddress: { max: 10, windowMs: 24 * 60 * 60_000 },
  /** e-mail changes per account (a refused change answers 429: the caller is the signed-in owner) */
  emailChanges: { max: 3, windowMs: 24 * 60 * 60_000 },
} as const;

export type CappedMail = 'reset' | 'verify' | 'notice';
export const CAPPED_MAILS: readonly CappedMail[] = ['reset', 'verify', 'notice'];

/** The counter of mails a cap held back (the `lora_mail_capped` gauge of /metrics reads it). */
export const cappedCounterKey = (kind: CappedMail) => `mail:capped:${kind}`;
export const CAPPED_COUNTER_WINDOW_MS = 24 * 60 * 60_000;

/** The per-address counter is keyed on a hash: rate_limits must not become a list of addresses. */
const addressKey = (to: string) => `mail:to:${sha256(normaliseIdentifier(to))}`;

export function createMailCaps(deps: Pick<AppDeps, 'db'> & Partial<Pick<AppDeps, 'log'>>) {
  const repo = createRateLimiter(deps.db);

  async function held(kind: CappedMail, cap: 'account' | 'address', userId: string) {
    deps.log?.warn({ mail: kind, cap, userId }, 'mail cap reached: mail not sent');
    await repo.hit(cappedCounterKey(kind), CAPPED_COUNTER_WINDOW_MS);
    return false;
  }

  return {
    /** Counts one mail of `kind` for the account and the address; false when a cap holds it back. */
    async allow(kind: CappedMail, userId: string, to: string): Promise<boolean> {
      const account = MAIL_CAPS[kind];
      const mine = await repo.owned(userId).hit(`mail:${kind}:user:${userId}`, account.windowMs);
      if (mine.count > account.max) return held(kind, 'account', userId);
      const theirs = await repo.hit(addressKey(to), MAIL_CAPS.perAddress.windowMs);
      if (theirs.count > MAIL_CAPS.perAddress.max) return held(kind, 'address', userId);
      return true;
    },
  };
}
