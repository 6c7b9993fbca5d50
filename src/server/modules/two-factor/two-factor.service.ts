import {
  BACKUP_CODE_COUNT,
  TWO_FACTOR_TEXTS,
  type SecondFactorMethod,
} from '../../../shared/schemas/two-factor';
import type { AppDeps } from '../../deps';
import { randomToken, sha256 } from '../../lib/crypto';
import { AppError, conflict } from '../../lib/errors';
import { purposeKey } from '../../lib/keys';
import { createRateLimiter, rateLimited } from '../../lib/rate-limiter';
import { open, seal } from '../../lib/secret-box';
import { recordSecurityEvent } from '../audit';
import { isKnownDevice, type DeviceCookie } from '../auth';
import { createUserAccounts, type UserRow } from '../users';
import { createCodeThrottle } from './code-throttle';
import { createTwoFactorRepository } from './two-factor.repository';
import {
  backupCodeHash,
  matchingStep,
  newBackupCodes,
  newTotpSecret,
  normaliseBackupCode,
  otpauthUrl,
} from './totp';

/** How long the password step of a sign-in waits for its second factor. */
export const PENDING_LOGIN_MS = 5 * 60_000;
// wrong codes while signed in (confirming or turning TOTP off), per account, before 429: as for passwords
const SIGNED_IN_CODE_FAILURES = 5;
const SIGNED_IN_CODE_WINDOW_MS = 15 * 60_000;

/** Who is asking, for the security log: the client's address and a short device label. */
export type ClientInfo = { ip: string; device: string };

/** What the second factors need of auth (passed in by app.ts, so this module never builds auth). */
export type AuthHooks = {
  reauthenticate(user: UserRow, password: string | undefined): Promise<void>;
  newSession(userId: string): Promise<string>;
};

export const invalidCode = () =>
  new AppError(401, 'INVALID_CODE', TWO_FACTOR_TEXTS.invalidCode, { code: TWO_FACTOR_TEXTS.invalidCode });
export const loginExpired = () => new AppError(401, 'LOGIN_EXPIRED', TWO_FACTOR_TEXTS.loginExpired);

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;

/**
 * TOTP with backup codes, and the second step of a password sign-in
 * (docs/decisions/056-second-factor.md). Passkeys are in passkeys.service.ts.
 */
export function createTwoFactorService(
  deps: Pick<AppDeps, 'db' | 'config'> & Partial<Pick<AppDeps, 'sessionCache'>>,
  auth: AuthHooks,
) {
  const { db, config } = deps;
  const secretKey = purposeKey(config.sessionSecret, 'totp-secrets');
  const codeKey = purposeKey(config.sessionSecret, 'backup-codes');
  const deviceKey = purposeKey(config.sessionSecret, 'device-credential');
  const repo = createTwoFactorRepository(db);
  const limits = createRateLimiter(db);
  const throttle = createCodeThrottle(db);
  const usersRepo = createUserAccounts(db);
  const forget = (userId: string) => deps.sessionCache?.forgetUser(userId);

  function secretOf(sealed: string) {
    const secret = open(secretKey, sealed);
    // SESSION_SECRET changed since enrolment: the secret cannot be read, so no code can match (the
    // operator's reset, docs/operators/security.md, is the way back)
    return secret;
  }

  /**
   * Checks a code (TOTP or backup) for an account with a confirmed TOTP and spends it: a TOTP's step
   * must be later than the last one used, a backup code is used up. Answers which it was, or null.
   */
  async function spendCode(
    userId: string,
    code: string,
    now = Date.now(),
  ): Promise<'totp' | 'backup' | null> {
    const totp = await repo.totp(userId);
    if (!totp?.confirmedAt) return null;
    const trimmed = code.replace(/\s/g, '');
    if (/^\d{6}$/.test(trimmed)) {
      const secret = secretOf(totp.secretEnc);
      const step = secret ? matchingStep(secret, trimmed, now) : null;
      return step !== null && (await repo.useStep(userId, step)) ? 'totp' : null;
    }
    if (normaliseBackupCode(trimmed).length !== 10) return null;
    return (await repo.useBackupCode(userId, backupCodeHash(codeKey, userId, trimmed))) ? 'backup' : null;
  }

  /** A limit on wrong codes from a signed-in account (confirm, turn off), like wrong current passwords. */
  async function signedInCode(userId: string, check: () => Promise<boolean>) {
    const key = `2fa-code:user:${userId}`;
    const tries = await limits.peekHits(key, SIGNED_IN_CODE_WINDOW_MS);
    if (tries.count >= SIGNED_IN_CODE_FAILURES) throw rateLimited(tries.retryAfterSec);
    if (!(await check())) {
      const hit = await limits.owned(userId).hit(key, SIGNED_IN_CODE_WINDOW_MS);
      if (hit.count > SIGNED_IN_CODE_FAILURES) throw rateLimited(hit.retryAfterSec);
      throw new AppError(400, 'INVALID_CODE', TWO_FACTOR_TEXTS.invalidCode, {
        code: TWO_FACTOR_TEXTS.invalidCode,
      });
    }
    await limits.resetHits(key);
  }

  /** What the second step may use; for the login answer. */
  async function methods(userId: string): Promise<SecondFactorMethod[]> {
    const [totp, keys] = await Promise.all([repo.totp(userId), repo.passkeys(userId)]);
    const methods: SecondFactorMethod[] = [];
    if (totp?.confirmedAt) methods.push('totp');
    if (keys.length) methods.push('passkey');
    if (totp?.confirmedAt) methods.push('backup');
    return methods;
  }

  return {
    spendCode,

    async status(user: UserRow) {
      const [totp, left, keys] = await Promise.all([
        repo.totp(user.id),
        repo.backupCodesLeft(user.id),
        repo.passkeys(user.id),
      ]);
      return {
        totp: !!totp?.confirmedAt,
        backupCodesLeft: totp?.confirmedAt ? left : 0,
        passkeys: keys.map((k) => ({
          id: k.id,
          name: k.name,
          createdAt: k.createdAt.toISOString(),
          lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
        })),
        required: user.isAdmin && config.admin2fa === 'required',
      };
    },

    /** Step 1 of enrolment: a new secret, kept unconfirmed until a code from the app proves it. */
    async enrolTotp(user: UserRow, password: string) {
      await auth.reauthenticate(user, password);
      const secret = newTotpSecret();
      if (!(await repo.putPendingTotp(user.id, seal(secretKey, secret))))
        throw conflict('Two-factor authentication is already on. Turn it off first to set up a new app.');
      return { secret, otpauthUrl: otpauthUrl(secret, user.username) };
    },

    /** Step 2: the app's code turns TOTP on and answers the backup codes, the only time they are shown. */
    async confirmTotp(user: UserRow, code: string, client: ClientInfo) {
      const pending = await repo.totp(user.id);
      if (!pending)
        throw conflict('Start the set-up again: no authenticator app is waiting to be confirmed.');
      if (pending.confirmedAt) throw conflict('Two-factor authentication is already on.');
      let step: number | null = null;
      await signedInCode(user.id, async () => {
        const secret = secretOf(pending.secretEnc);
        step = secret ? matchingStep(secret, code.replace(/\s/g, '')) : null;
        return step !== null;
      });
      const codes = newBackupCodes(BACKUP_CODE_COUNT);
      await db.transaction(async (tx) => {
        const r = createTwoFactorRepository(tx);
        if (!(await r.confirmTotp(user.id, step!)))
          throw conflict('Two-factor authentication is already on.');
        await r.replaceBackupCodes(
          user.id,
          codes.map((c) => backupCodeHash(codeKey, user.id, c)),
        );
        await r.refreshFlag(user.id);
        await recordSecurityEvent(tx, { userId: user.id, kind: 'totp_enabled', ...eventClient(client) });
      });
      forget(user.id);
      return { backupCodes: codes };
    },

    /** Turning TOTP off takes the password and a current code (or a backup code). */
    async disableTotp(user: UserRow, password: string, code: string, client: ClientInfo) {
      await auth.reauthenticate(user, password);
      const totp = await repo.totp(user.id);
      if (!totp?.confirmedAt) throw conflict('Two-factor authentication is not on.');
      await signedInCode(user.id, async () => (await spendCode(user.id, code)) !== null);
      await db.transaction(async (tx) => {
        const r = createTwoFactorRepository(tx);
        await r.deleteTotp(user.id);
        await r.refreshFlag(user.id);
        await recordSecurityEvent(tx, { userId: user.id, kind: 'totp_disabled', ...eventClient(client) });
      });
      forget(user.id);
    },

    methods,

    /**
     * After a right password on an account with a second factor: a pending sign-in, held server-side
     * (single use, ended with the account's other credentials) and named by a token in a signed cookie.
     */
    async beginSecondStep(user: UserRow) {
      const token = randomToken();
      await repo.createChallenge({
        id: sha256(token),
        kind: 'second_factor',
        userId: user.id,
        challenge: null,
        expiresAt: new Date(Date.now() + PENDING_LOGIN_MS),
      });
      return { token, methods: await methods(user.id) };
    },

    /** The second step: a TOTP or backup code for the pending sign-in → the user and a new session. */
    async finishSecondStep(
      token: string | null,
      code: string,
      client: ClientInfo,
      device: DeviceCookie | null,
    ) {
      const pending = token ? await repo.liveChallenge(sha256(token), 'second_factor') : undefined;
      const user = pending?.userId ? await usersRepo.byId(pending.userId) : undefined;
      if (!pending || !user || user.deletedAt || user.status !== 'active') throw loginExpired();
      const known = isKnownDevice(deviceKey, device, user) ? device!.deviceId : null;
      const attempt = await throttle.reserve(user.id, client.ip, known);
      const method = await spendCode(user.id, code);
      if (!method) {
        await attempt.failed();
        await recordSecurityEvent(db, {
          userId: user.id,
          kind: 'sign_in_failed',
          detail: { step: 'code' },
          ...eventClient(client),
        });
        throw invalidCode();
      }
      await attempt.succeeded();
      // one pending sign-in makes one session, however many right codes arrive for it together
      if (!(await repo.consumeChallenge(pending.id, 'second_factor'))) throw loginExpired();
      const sessionToken = await auth.newSession(user.id);
      await recordSecurityEvent(db, {
        userId: user.id,
        kind: 'sign_in',
        detail: { method: method === 'totp' ? 'password + authenticator app' : 'password + backup code' },
        ...eventClient(client),
      });
      if (method === 'backup' && (await repo.backupCodesLeft(user.id)) === 0)
        await recordSecurityEvent(db, {
          userId: user.id,
          kind: 'backup_codes_used_up',
          ...eventClient(client),
        });
      return { user, token: sessionToken };
    },

    /**
     * The operator's recovery of an account that lost every second factor (scripts/admin/reset-2fa.ts):
     * TOTP, backup codes and passkeys go, and every session ends. Answers whether the user exists.
     */
    async resetSecondFactors(userId: string) {
      await db.transaction(async (tx) => {
        const r = createTwoFactorRepository(tx);
        await r.deleteTotp(userId);
        await r.deletePasskeys(userId);
        await r.deleteUserChallenges(userId);
        await r.refreshFlag(userId);
        await recordSecurityEvent(tx, {
          userId,
          kind: 'second_factor_reset',
          ip: null,
          device: 'Operator command',
        });
      });
      forget(userId);
    },
  };
}

/** The security log's client fields. */
export function eventClient(client: ClientInfo) {
  return { ip: client.ip, device: client.device };
}
