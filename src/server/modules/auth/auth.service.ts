import { SIGNUP_BONUS } from '../../../shared/constants';
import { normaliseIdentifier, USERNAME_ALPHABET } from '../../../shared/normalise';
import type { RegisterInput } from '../../../shared/schemas/auth';
import type { AppDeps } from '../../deps';
import { randomToken, referralCode, sha256 } from '../../lib/crypto';
import { AppError, forbidden } from '../../lib/errors';
import { CURRENT_PASSWORD_REQUIRED } from '../../../shared/schemas/user';
import { linkMail } from '../../mail/mailer';
import { grantReferralBonuses, recordReferral } from '../referrals';
import { applyLedgerEntry } from '../tokens';
import {
  assertNamesFree,
  createAccount,
  createUserAccounts,
  hadDeletedAccount,
  type UserRow,
} from '../users';
import { createAuthRepository } from './auth.repository';
import { createRateLimiter, rateLimited, type SlidingRule } from '../../lib/rate-limiter';
import {
  loginCounterKeys,
  CEILING_RULE,
  CLIENT_RULE,
  secondsLeft,
  waitAfterFailures,
  isKnownDevice,
  type DeviceCookie,
} from './login-throttle';
import { createSessionsService } from './sessions.service';
import { createEmailChangeFlow } from './email-change';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { purposeKey } from '../../lib/keys';
import { createMailCaps } from './mail-caps';
import { recordSecurityEvent, type SecurityEventInput } from '../audit';

const DAY = 86_400_000;
const RESET_TTL = 60 * 60_000;
const VERIFY_TTL = 7 * DAY;
// Wrong current passwords (e-mail or password change) per account before 429: a stolen session
// must not become an unlimited password oracle.
const REAUTH_MAX_FAILURES = 5;
const REAUTH_WINDOW_MS = 15 * 60_000;
// a sign-up that lost the race for a name the check did not see taken
const EMAIL_TAKEN = 'An account with this email already exists';

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'config' | 'queue'> & Partial<Pick<AppDeps, 'sessionCache' | 'log'>>,
) {
  const { db, mailer, config, queue } = deps;
  const mailCaps = createMailCaps(deps);
  const deviceKey = purposeKey(config.sessionSecret, 'device-credential');
  const sessions = createSessionsService(deps);
  const { newSession, forgetUser } = sessions;
  const auth = createAuthRepository(db);
  const limits = createRateLimiter(db);
  const usersRepo = createUserAccounts(db);

  /** Checks the current password before a credential change; wrong tries are limited per account. */
  async function reauthenticate(user: UserRow, currentPassword: string | undefined) {
    const key = `reauth:user:${user.id}`;
    const mine = limits.owned(user.id);
    const tries = await mine.peekHits(key, REAUTH_WINDOW_MS);
    if (tries.count >= REAUTH_MAX_FAILURES) throw rateLimited(tries.retryAfterSec);
    if (!currentPassword)
      throw new AppError(400, 'VALIDATION_ERROR', CURRENT_PASSWORD_REQUIRED, {
        currentPassword: CURRENT_PASSWORD_REQUIRED,
      });
    if (!(await verifyPassword(user.passwordHash, currentPassword))) {
      const hit = await mine.hit(key, REAUTH_WINDOW_MS);
      if (hit.count > REAUTH_MAX_FAILURES) throw rateLimited(hit.retryAfterSec);
      throw new AppError(400, 'INVALID_PASSWORD', 'Current password is incorrect', {
        currentPassword: 'Current password is incorrect',
      });
    }
    await limits.resetHits(key);
  }

  /** A new one-time link token of `kind`; the user's earlier unused ones of that kind stop working. */
  async function issueLinkToken(userId: string, kind: 'verify_email' | 'reset_password', ttlMs: number) {
    const token = randomToken();
    await auth.invalidateTokens(userId, kind);
    await auth.createToken({
      userId,
      kind,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + ttlMs),
    });
    return token;
  }

  /** Also after an e-mail change; a mail over its caps (mail-caps.ts) is silently not sent. */
  async function sendVerification(user: UserRow) {
    if (!(await mailCaps.allow('verify', user.id, user.email))) return;
    const token = await issueLinkToken(user.id, 'verify_email', VERIFY_TTL);
    await mailer.send(
      linkMail({
        to: user.email,
        subject: 'Verify your e-mail for LoRA Studio',
        intro: `Hi ${user.username}, please confirm this e-mail address for your LoRA Studio account.`,
        linkLabel: 'Verify e-mail',
        link: `${config.publicUrl}/verify-email?token=${token}`,
        outro: 'If you did not sign up, you can ignore this message.',
      }),
    );
  }

  function logLater(event: SecurityEventInput) {
    void recordSecurityEvent(db, event).catch((err: unknown) =>
      deps.log?.warn({ err }, 'security log: a failed sign-in could not be recorded'),
    );
  }

  /** Whole seconds until a throttled counter lets the next attempt through (at least 1). */
  async function secondsToWait(key: string, rule: SlidingRule) {
    const { failures, sinceLastMs } = await limits.peekSliding(key, rule.memoryMs);
    const wait = waitAfterFailures(failures, rule.free, rule.baseMs, rule.capMs);
    return Math.max(1, secondsLeft(wait, sinceLastMs));
  }

  return {
    newSession,
    userForSession: sessions.userForSession,
    listSessions: sessions.listSessions,
    revokeSession: sessions.revokeSession,
    revokeOtherSessions: sessions.revokeOtherSessions,
    logout: sessions.logout,
    endSessions: sessions.endSessions,

    /**
     * Throttled per client and per username (docs/decisions/015-login-throttling.md). Every check runs
     * before the password is verified: a throttled right guess must look like a throttled wrong one.
     */
    async login(
      username: string,
      password: string,
      ip: string,
      device: DeviceCookie | null = null,
      deviceLabel: string | null = null,
    ) {
      await limits.enforce(`login:ip:${ip}`, 5 * 60_000, 30);
      const name = normaliseIdentifier(username);
      // No account has a name outside the alphabet, so such a name is refused before any counter is
      // keyed on it, the same way as a wrong password (issue 28, point 1: "vİc" escaped "vic"'s ceiling).
      if (!USERNAME_ALPHABET.test(name)) throw invalidCredentials();
      const found = await usersRepo.byUsername(name);
      // an account being deleted (decision 026) signs in no more: it is as if it did not exist
      const user = found && !found.deletedAt ? found : null;
      const knownDevice = isKnownDevice(deviceKey, device, user);
      // Counters are keyed on the account when the name resolves to one, so no spelling of the name
      // has counters of its own; an unknown name is counted under its one normalised spelling.
      const subject = user ? `user:${user.id}` : `name:${name}`;
      // a known device has a throttle of its own, so others behind its address cannot slow it down
      const keys = loginCounterKeys(subject, ip);
      const clientKey = knownDevice ? `login:device:${device!.deviceId}` : keys.client;
      const userKey = keys.ceiling;
      // an account's counters are its own (its deletion deletes them); an unknown name's belong to no one
      const counters = user ? limits.owned(user.id) : limits;
      // Each attempt is counted as a failure before the password is checked (and taken back if it
      // succeeds): attempts sent together then cannot all pass a limit on the same count.
      if (!(await counters.reserveSliding(clientKey, CLIENT_RULE)))
        throw rateLimited(await secondsToWait(clientKey, CLIENT_RULE));
      if (!knownDevice && !(await counters.reserveSliding(userKey, CEILING_RULE))) {
        await counters.releaseSliding(clientKey);
        throw rateLimited(await secondsToWait(userKey, CEILING_RULE));
      }
      const ok = await verifyPassword(user?.passwordHash ?? null, password);
      if (!user || !ok) {
        // a known device's failures still count towards the name's ceiling (for unknown clients)
        if (knownDevice) await counters.hitSliding(userKey, CEILING_RULE.memoryMs);
        // The account's security log (decision 056) is written after the answer, not before it, so a
        // wrong password for a real name takes no longer than one for a name that does not exist.
        if (user)
          logLater({
            userId: user.id,
            kind: 'sign_in_failed',
            detail: { step: 'password' },
            ip,
            device: deviceLabel,
          });
        // a suspended account answers a wrong password like any other: only the right one learns
        // that it is suspended (issue 28, point 6), so the 403 never confirms a guess
        throw invalidCredentials();
      }
      // The name's ceiling gets back only this attempt: were a success to clear it, an attacker would
      // get a fresh allowance every time the owner signs in.
      if (!knownDevice) await counters.releaseSliding(userKey);
      await counters.resetHits(clientKey);
      if (user.status === 'suspended')
        throw forbidden('Your account has been suspended. Please contact support.', 'ACCOUNT_SUSPENDED');
      // a second factor still to come: no session yet (the caller starts the second step)
      if (user.hasSecondFactor) return { user, token: null };
      await recordSecurityEvent(db, {
        userId: user.id,
        kind: 'sign_in',
        detail: { method: 'password' },
        ip,
        device: deviceLabel,
      });
      return { user, token: await newSession(user.id) };
    },

    async register(input: RegisterInput, ip: string) {
      await limits.enforce(`register:ip:${ip}`, 60 * 60_000, 20);
      await assertNamesFree(db, input, EMAIL_TAKEN);
      const passwordHash = await hashPassword(input.password);
      const inviter = input.referralCode
        ? await usersRepo.byReferralCode(input.referralCode.trim().toUpperCase())
        : null;
      const user = await createAccount(
        db,
        {
          username: input.username,
          email: input.email,
          passwordHash,
          referralCode: referralCode(),
          referredBy: inviter?.id ?? null,
        },
        {
          fallback: EMAIL_TAKEN,
          also: async (tx, created) => {
            // one welcome bonus per address: not again for an address whose account was deleted
            // within DELETED_EMAIL_RETENTION_DAYS (issue 40, finding 5)
            if (!(await hadDeletedAccount(tx, config.sessionSecret, input.email)))
              await applyLedgerEntry(tx, {
                userId: created.id,
                type: 'bonus',
                amount: SIGNUP_BONUS,
                idempotencyKey: `signup:${created.id}`,
                description: 'Welcome bonus',
                refType: 'user',
                refId: created.id,
              });
            if (inviter) await recordReferral(tx, inviter, created.id);
          },
        },
      );
      await sendVerification(user);
      return { user, token: await newSession(user.id) };
    },

    /**
     * Only limits and enqueues: the same two writes whether or not an account matches, so neither
     * the answer nor its timing tells a caller which names exist. The job sends the mail.
     */
    async forgotPassword(usernameOrEmail: string, ip: string) {
      await limits.enforce(`forgot:ip:${ip}`, 15 * 60_000, 10);
      await queue.enqueue('auth.forgot-password', { usernameOrEmail });
    },

    /** The `auth.forgot-password` job: a reset link for an active account, nothing otherwise. */
    async sendPasswordReset(usernameOrEmail: string) {
      const user = usernameOrEmail.includes('@')
        ? await usersRepo.byEmail(usernameOrEmail)
        : await usersRepo.byUsername(usernameOrEmail);
      if (!user || user.status !== 'active') return;
      // An address nobody proved is the owner's gets a reset link only while it is the only one the
      // account ever had: else a typo'd new address's owner could take the account (issue 28, point 2).
      if (!user.emailVerifiedAt && user.emailChangedAt) return;
      if (!(await mailCaps.allow('reset', user.id, user.email))) return;
      const token = await issueLinkToken(user.id, 'reset_password', RESET_TTL);
      await mailer.send(
        linkMail({
          to: user.email,
          subject: 'Reset your LoRA Studio password',
          intro: `Hi ${user.username}, someone asked to reset the password of your LoRA Studio account. The link works for one hour.`,
          linkLabel: 'Choose a new password',
          link: `${config.publicUrl}/reset-password?token=${token}`,
          outro:
            'A new password signs you out everywhere and revokes every personal API key of the account. If this was not you, ignore this message: your password stays the same.',
        }),
      );
    },

    async resetPasswordWithToken(token: string, newPassword: string) {
      const passwordHash = await hashPassword(newPassword);
      const row = await auth.consumeToken(sha256(token), 'reset_password');
      if (!row)
        throw new AppError(400, 'INVALID_TOKEN', 'This reset link is invalid or has expired.', {
          token: 'This reset link is invalid or has expired.',
        });
      await usersRepo.update(row.userId, { passwordHash });
      await recordSecurityEvent(db, {
        userId: row.userId,
        kind: 'password_changed',
        detail: { via: 'reset link' },
      });
      await auth.endCredentialLinks(row.userId);
      // docs/product/decisions.md §18: a reset ends every other session (device cookies end with
      // the old password: they carry a tag of it, login-throttle.ts)
      await sessions.endSessions(row.userId);
    },

    /** Whether a reset link can still be used, so the page says so before a password is typed twice. */
    async resetTokenIsLive(token: string) {
      const row = await auth.tokenByHash(sha256(token), 'reset_password');
      return Boolean(row && !row.usedAt && row.expiresAt > new Date());
    },

    async verifyEmail(token: string): Promise<{ user: UserRow; alreadyVerified: boolean }> {
      return db.transaction(async (tx) => {
        const txAuth = createAuthRepository(tx);
        const row = await txAuth.consumeToken(sha256(token), 'verify_email');
        if (!row) {
          // A link opened again (a second click, another browser) whose address is verified: say so,
          // rather than "Verification failed" about an address that is fine. Only when the account was
          // verified after this link was sent: a link to an address the account no longer has (an e-mail
          // change undone, issue 28) stays refused.
          const known = await txAuth.tokenByHash(sha256(token), 'verify_email');
          const owner = known ? await createUserAccounts(tx).byId(known.userId) : undefined;
          if (known && owner?.emailVerifiedAt && owner.emailVerifiedAt >= known.createdAt)
            return { user: owner, alreadyVerified: true };
          throw new AppError(400, 'INVALID_TOKEN', 'This verification link is invalid or has expired.', {
            token: 'This verification link is invalid or has expired.',
          });
        }
        const repo = createUserAccounts(tx);
        const user = await repo.byId(row.userId);
        if (!user)
          throw new AppError(400, 'INVALID_TOKEN', 'This verification link is invalid or has expired.');
        if (!user.emailVerifiedAt) await repo.update(user.id, { emailVerifiedAt: new Date() });
        await grantReferralBonuses(tx, user.id, { monthlyCap: config.referralMonthlyCap });
        return { user: (await repo.byId(user.id))!, alreadyVerified: false };
      });
    },

    async resendVerification(user: UserRow) {
      if (user.emailVerifiedAt) return false;
      await limits.owned(user.id).enforce(`verify:user:${user.id}`, 15 * 60_000, 5);
      // true also when a mail cap held the mail back: the answer must not say which (issue 28, point 3)
      await sendVerification(user);
      return true;
    },

    sendVerification,

    async changePassword(user: UserRow, sessionId: string, currentPassword: string, newPassword: string) {
      await reauthenticate(user, currentPassword);
      await usersRepo.update(user.id, { passwordHash: await hashPassword(newPassword) });
      await recordSecurityEvent(db, {
        userId: user.id,
        kind: 'password_changed',
        detail: { via: 'settings' },
      });
      // a "this wasn't me" link must not outlive the password it was sent under (issue 28, point 2)
      await auth.endCredentialLinks(user.id);
      await sessions.revokeOtherSessions(user.id, sessionId);
    },

    reauthenticate,

    ...createEmailChangeFlow(deps, { reauthenticate, sendVerification, forgetUser }),
  };
}

function invalidCredentials() {
  return new AppError(401, 'INVALID_CREDENTIALS', 'Invalid username or password');
}
