import { SIGNUP_BONUS } from '../../../shared/constants';
import { normaliseIdentifier, USERNAME_ALPHABET } from '../../../shared/normalise';
import type { RegisterInput } from '../../../shared/schemas/auth';
import { isUniqueViolation } from '../../db/client';
import type { AppDeps } from '../../deps';
import { randomToken, referralCode, sha256 } from '../../lib/crypto';
import { AppError, forbidden } from '../../lib/errors';
import { CURRENT_PASSWORD_REQUIRED } from '../../../shared/schemas/user';
import { linkMail } from '../mail/mail.service';
import { createReferralsRepository } from '../referrals/referrals.repository';
import { grantReferralBonuses } from '../referrals/referrals.service';
import { applyLedgerEntry } from '../tokens/ledger.service';
import { createUsersRepository, type UserRow } from '../users/users.repository';
import { createAuthRepository } from './auth.repository';
import {
  CEILING_RULE,
  CLIENT_RULE,
  secondsLeft,
  waitAfterFailures,
  isKnownDevice,
  type DeviceCookie,
  type SlidingRule,
} from './login-throttle';
import { createSessionsService } from './sessions.service';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { purposeKey } from '../../lib/keys';
import { createMailCaps, MAIL_CAPS } from './mail-caps';

const DAY = 86_400_000;
const RESET_TTL = 60 * 60_000;
const VERIFY_TTL = 7 * DAY;
// the "this wasn't me" link of an e-mail change: long enough for someone who reads mail weekly
const REVERT_EMAIL_TTL = 14 * DAY;
// Wrong current passwords (e-mail or password change) per account before 429: a stolen session
// must not become an unlimited password oracle.
const REAUTH_MAX_FAILURES = 5;
const REAUTH_WINDOW_MS = 15 * 60_000;

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
  const usersRepo = createUsersRepository(db);

  /** Checks the current password before a credential change; wrong tries are limited per account. */
  async function reauthenticate(user: UserRow, currentPassword: string | undefined) {
    const key = `reauth:user:${user.id}`;
    const tries = await auth.peekHits(key, REAUTH_WINDOW_MS);
    if (tries.count >= REAUTH_MAX_FAILURES) throw rateLimited(tries.retryAfterSec);
    if (!currentPassword)
      throw new AppError(400, 'VALIDATION_ERROR', CURRENT_PASSWORD_REQUIRED, {
        currentPassword: CURRENT_PASSWORD_REQUIRED,
      });
    if (!(await verifyPassword(user.passwordHash, currentPassword))) {
      const hit = await auth.hit(key, REAUTH_WINDOW_MS);
      if (hit.count > REAUTH_MAX_FAILURES) throw rateLimited(hit.retryAfterSec);
      throw new AppError(400, 'INVALID_PASSWORD', 'Current password is incorrect', {
        currentPassword: 'Current password is incorrect',
      });
    }
    await auth.resetHits(key);
  }

  /** Also after an e-mail change; a mail over its caps (mail-caps.ts) is silently not sent. */
  async function sendVerification(user: UserRow) {
    if (!(await mailCaps.allow('verify', user.id, user.email))) return;
    const token = randomToken();
    await auth.invalidateTokens(user.id, 'verify_email');
    await auth.createToken({
      userId: user.id,
      kind: 'verify_email',
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + VERIFY_TTL),
    });
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

  /** Whole seconds until a throttled counter lets the next attempt through (at least 1). */
  async function secondsToWait(key: string, rule: SlidingRule) {
    const { failures, sinceLastMs } = await auth.peekSliding(key, rule.memoryMs);
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
    async login(username: string, password: string, ip: string, device: DeviceCookie | null = null) {
      const ipHit = await auth.hit(`login:ip:${ip}`, 5 * 60_000);
      if (ipHit.count > 30) throw rateLimited(ipHit.retryAfterSec);
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
      const clientKey = knownDevice ? `login:device:${device!.deviceId}` : `login:client:${subject}:${ip}`;
      const userKey = `login:${subject}`;
      // Each attempt is counted as a failure before the password is checked (and taken back if it
      // succeeds): attempts sent together then cannot all pass a limit on the same count.
      if (!(await auth.reserveSliding(clientKey, CLIENT_RULE)))
        throw rateLimited(await secondsToWait(clientKey, CLIENT_RULE));
      if (!knownDevice && !(await auth.reserveSliding(userKey, CEILING_RULE))) {
        await auth.releaseSliding(clientKey);
        throw rateLimited(await secondsToWait(userKey, CEILING_RULE));
      }
      const ok = await verifyPassword(user?.passwordHash ?? null, password);
      if (!user || !ok) {
        // a known device's failures still count towards the name's ceiling (for unknown clients)
        if (knownDevice) await auth.hitSliding(userKey, CEILING_RULE.memoryMs);
        // a suspended account answers a wrong password like any other: only the right one learns
        // that it is suspended (issue 28, point 6), so the 403 never confirms a guess
        throw invalidCredentials();
      }
      // The name's ceiling gets back only this attempt: were a success to clear it, an attacker would
      // get a fresh allowance every time the owner signs in.
      if (!knownDevice) await auth.releaseSliding(userKey);
      await auth.resetHits(clientKey);
      if (user.status === 'suspended')
        throw forbidden('Your account has been suspended. Please contact support.', 'ACCOUNT_SUSPENDED');
      return { user, token: await newSession(user.id) };
    },

    async register(input: RegisterInput, ip: string) {
      const hit = await auth.hit(`register:ip:${ip}`, 60 * 60_000);
      if (hit.count > 20) throw rateLimited(hit.retryAfterSec);
      const taken = await usersRepo.taken(input.username, input.email);
      if (taken.username || taken.email) throw takenError(taken);
      const passwordHash = await hashPassword(input.password);
      const inviter = input.referralCode
        ? await usersRepo.byReferralCode(input.referralCode.trim().toUpperCase())
        : null;
      let user: UserRow;
      try {
        user = await db.transaction(async (tx) => {
          const repo = createUsersRepository(tx);
          const created = await repo.insert({
            username: input.username,
            email: input.email,
            passwordHash,
            referralCode: referralCode(),
            referredBy: inviter?.id ?? null,
          });
          await applyLedgerEntry(tx, {
            userId: created.id,
            type: 'bonus',
            amount: SIGNUP_BONUS,
            idempotencyKey: `signup:${created.id}`,
            description: 'Welcome bonus',
            refType: 'user',
            refId: created.id,
          });
          if (inviter)
            await createReferralsRepository(tx).create(inviter.id, created.id, inviter.referralCode);
          return (await repo.byId(created.id))!;
        });
      } catch (err) {
        // two sign-ups racing for one name: the unique index decides
        if (isUniqueViolation(err)) throw takenError(await usersRepo.taken(input.username, input.email));
        throw err;
      }
      await sendVerification(user);
      return { user, token: await newSession(user.id) };
    },

    /**
     * Only limits and enqueues: the same two writes whether or not an account matches, so neither
     * the answer nor its timing tells a caller which names exist. The job sends the mail.
     */
    async forgotPassword(usernameOrEmail: string, ip: string) {
      const hit = await auth.hit(`forgot:ip:${ip}`, 15 * 60_000);
      if (hit.count > 10) throw rateLimited(hit.retryAfterSec);
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
      const token = randomToken();
      await auth.invalidateTokens(user.id, 'reset_password');
      await auth.createToken({
        userId: user.id,
        kind: 'reset_password',
        tokenHash: sha256(token),
        expiresAt: new Date(Date.now() + RESET_TTL),
      });
      await mailer.send(
        linkMail({
          to: user.email,
          subject: 'Reset your LoRA Studio password',
          intro: `Hi ${user.username}, someone asked to reset the password of your LoRA Studio account. The link works for one hour.`,
          linkLabel: 'Choose a new password',
          link: `${config.publicUrl}/reset-password?token=${token}`,
          outro: 'If this was not you, ignore this message: your password stays the same.',
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
          const owner = known ? await createUsersRepository(tx).byId(known.userId) : undefined;
          if (known && owner?.emailVerifiedAt && owner.emailVerifiedAt >= known.createdAt)
            return { user: owner, alreadyVerified: true };
          throw new AppError(400, 'INVALID_TOKEN', 'This verification link is invalid or has expired.', {
            token: 'This verification link is invalid or has expired.',
          });
        }
        const repo = createUsersRepository(tx);
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
      const hit = await auth.hit(`verify:user:${user.id}`, 15 * 60_000);
      if (hit.count > 5) throw rateLimited(hit.retryAfterSec);
      // true also when a mail cap held the mail back: the answer must not say which (issue 28, point 3)
      await sendVerification(user);
      return true;
    },

    sendVerification,

    async changePassword(user: UserRow, sessionId: string, currentPassword: string, newPassword: string) {
      await reauthenticate(user, currentPassword);
      await usersRepo.update(user.id, { passwordHash: await hashPassword(newPassword) });
      // a "this wasn't me" link must not outlive the password it was sent under (issue 28, point 2)
      await auth.endCredentialLinks(user.id);
      await sessions.revokeOtherSessions(user.id, sessionId);
    },

    reauthenticate,

    /**
     * Before an e-mail change (users.service.ts hook): the current password, then the account's
     * limit on changes, so flipping one's own address cannot mail a victim without end (issue 28).
     */
    async authorizeEmailChange(user: UserRow, currentPassword: string | undefined) {
      await reauthenticate(user, currentPassword);
      const { max, windowMs } = MAIL_CAPS.emailChanges;
      const hit = await auth.hit(`email-change:user:${user.id}`, windowMs);
      if (hit.count > max)
        throw new AppError(
          429,
          'RATE_LIMITED',
          'You have changed your e-mail address several times today. Please try again later.',
          undefined,
          { retryAfter: hit.retryAfterSec },
        );
    },

    /**
     * After an e-mail change: verify the new address, and tell the old one with a link that undoes
     * the change (issue 13, point 6) — the owner of a stolen session must not keep the account.
     */
    async emailChanged(user: UserRow, previous: { email: string; emailVerifiedAt: Date | null }) {
      await sendVerification(user);
      // Only an address the owner once proved gets the undo link: a never-verified one (a typo) may
      // belong to anyone, who would take the account with it (issue 28, point 2).
      if (!previous.emailVerifiedAt) return;
      if (!(await mailCaps.allow('notice', user.id, previous.email))) return;
      const token = randomToken();
      await auth.createToken({
        userId: user.id,
        kind: 'revert_email',
        tokenHash: sha256(token),
        expiresAt: new Date(Date.now() + REVERT_EMAIL_TTL),
        data: {
          previousEmail: previous.email,
          previousVerifiedAt: previous.emailVerifiedAt.toISOString(),
        },
      });
      await mailer.send(
        linkMail({
          to: previous.email,
          subject: 'The e-mail of your LoRA Studio account was changed',
          intro: `Hi ${user.username}, the e-mail address of your LoRA Studio account was changed from ${previous.email} to ${user.email}. If you did this, there is nothing to do.`,
          linkLabel: "This wasn't me: restore my e-mail and sign out everywhere",
          link: `${config.publicUrl}/revert-email-change?token=${token}`,
          outro:
            'The link works for 14 days. After restoring, reset your password if you think someone else knows it.',
        }),
      );
    },

    /** The old address's "this wasn't me": restores it, ends every session and every pending link. */
    async revertEmailChange(token: string) {
      const invalid = () =>
        new AppError(400, 'INVALID_TOKEN', 'This link is invalid or has expired.', {
          token: 'This link is invalid or has expired.',
        });
      try {
        return await db
          .transaction(async (tx) => {
            const txAuth = createAuthRepository(tx);
            const row = await txAuth.consumeToken(sha256(token), 'revert_email');
            // never make an address nobody verified the account's again (links from before issue 28)
            if (!row?.data?.previousVerifiedAt) throw invalid();
            const restored = await createUsersRepository(tx).update(row.userId, {
              email: row.data.previousEmail,
              emailVerifiedAt: new Date(row.data.previousVerifiedAt),
              emailChangedAt: new Date(),
            });
            if (!restored) throw invalid();
            // links sent to the address being undone (and any other revert link) must not work afterwards
            for (const kind of ['reset_password', 'verify_email', 'revert_email'] as const)
              await txAuth.invalidateTokens(row.userId, kind);
            await txAuth.deleteUserSessions(row.userId);
            return restored;
          })
          .then((restored) => {
            forgetUser(restored.id);
            return restored;
          });
      } catch (err) {
        // the old address was taken by another account in the meantime
        if (isUniqueViolation(err))
          throw new AppError(
            409,
            'ALREADY_EXISTS',
            'The old e-mail address now belongs to another account. Please contact support.',
          );
        throw err;
      }
    },
  };
}

function invalidCredentials() {
  return new AppError(401, 'INVALID_CREDENTIALS', 'Invalid username or password');
}

function rateLimited(retryAfterSec: number) {
  return new AppError(429, 'RATE_LIMITED', 'Too many attempts. Please try again later.', undefined, {
    retryAfter: retryAfterSec,
  });
}

function takenError(taken: { username: boolean; email: boolean }) {
  const fields: Record<string, string> = {};
  if (taken.username) fields.username = 'Username is already taken';
  if (taken.email) fields.email = 'An account with this email already exists';
  return new AppError(
    409,
    'ALREADY_EXISTS',
    taken.username ? 'Username is already taken' : 'An account with this email already exists',
    fields,
  );
}
