import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { TWO_FACTOR_TEXTS } from '../../../shared/schemas/two-factor';
import type { AppDeps } from '../../deps';
import { randomToken, sha256 } from '../../lib/crypto';
import { AppError, conflict, notFound } from '../../lib/errors';
import { createRateLimiter } from '../../lib/rate-limiter';
import { recordSecurityEvent } from '../audit';
import { createUserAccounts, type UserRow } from '../users';
import { createTwoFactorRepository, type PasskeyRow } from './two-factor.repository';
import { eventClient, loginExpired, type AuthHooks, type ClientInfo } from './two-factor.service';

const CHALLENGE_MS = 5 * 60_000;
const RP_NAME = 'LoRA Studio';

const invalidPasskey = (status = 400) =>
  new AppError(status, 'INVALID_PASSKEY', TWO_FACTOR_TEXTS.invalidPasskey);

export const toPasskeyInfo = (k: PasskeyRow) => ({
  id: k.id,
  name: k.name,
  createdAt: k.createdAt.toISOString(),
  lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
});

export type PasskeysService = ReturnType<typeof createPasskeysService>;

/**
 * Passkeys (WebAuthn, docs/decisions/056-second-factor.md): added and removed in Settings → Security,
 * and a sign-in of their own — a passkey proves possession of a device and, where the device asks, its
 * owner's unlock, so it stands in for password and code together and counts as an admin's second factor.
 * The relying party is PUBLIC_URL's host; the browser must be on that origin.
 */
export function createPasskeysService(
  deps: Pick<AppDeps, 'db' | 'config'> & Partial<Pick<AppDeps, 'sessionCache'>>,
  auth: AuthHooks,
) {
  const { db, config } = deps;
  const origin = new URL(config.publicUrl).origin;
  const rpID = new URL(config.publicUrl).hostname;
  const repo = createTwoFactorRepository(db);
  const limits = createRateLimiter(db);
  const usersRepo = createUserAccounts(db);
  const forget = (userId: string) => deps.sessionCache?.forgetUser(userId);

  return {
    /** Options for the browser's `navigator.credentials.create`, after the password is checked. */
    async registrationOptions(user: UserRow, password: string) {
      await auth.reauthenticate(user, password);
      const existing = await repo.passkeys(user.id);
      const options = await generateRegistrationOptions({
        rpName: RP_NAME,
        rpID,
        userName: user.username,
        // a stable, opaque handle (the account id's bytes): never the name or e-mail
        userID: new Uint8Array(Buffer.from(user.id.replace(/-/g, ''), 'hex')),
        attestationType: 'none',
        excludeCredentials: existing.map((k) => ({
          id: k.credentialId,
          transports: k.transports ?? undefined,
        })),
        // discoverable, so the passkey can sign in without a username
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      });
      // one enrolment at a time per account: a newer one replaces an unfinished one
      await repo.deleteUserChallenges(user.id, 'passkey_register');
      await repo.createChallenge({
        id: sha256(randomToken()),
        kind: 'passkey_register',
        userId: user.id,
        challenge: options.challenge,
        expiresAt: new Date(Date.now() + CHALLENGE_MS),
      });
      return options;
    },

    async add(user: UserRow, name: string, response: Record<string, unknown>, client: ClientInfo) {
      const pending = (await repo.userChallenges(user.id, 'passkey_register'))[0];
      if (!pending?.challenge) throw conflict('Start adding the passkey again: its request has expired.');
      let verification;
      try {
        verification = await verifyRegistrationResponse({
          response: response as unknown as RegistrationResponseJSON,
          expectedChallenge: pending.challenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          requireUserVerification: false,
        });
      } catch {
        throw invalidPasskey();
      }
      if (!verification.verified) throw invalidPasskey();
      if (!(await repo.consumeChallenge(pending.id, 'passkey_register')))
        throw conflict('Start adding the passkey again: its request has expired.');
      const { credential } = verification.registrationInfo;
      const row = await db.transaction(async (tx) => {
        const r = createTwoFactorRepository(tx);
        const inserted = await r.insertPasskey({
          userId: user.id,
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey).toString('base64url'),
          counter: credential.counter,
          transports: credential.transports ?? null,
          name,
        });
        if (!inserted) throw conflict('This passkey is already registered.');
        await r.refreshFlag(user.id);
        await recordSecurityEvent(tx, {
          userId: user.id,
          kind: 'passkey_added',
          detail: { name },
          ...eventClient(client),
        });
        return inserted;
      });
      forget(user.id);
      return toPasskeyInfo(row);
    },

    async rename(user: UserRow, id: string, name: string) {
      const row = await repo.renamePasskey(user.id, id, name);
      if (!row) throw notFound('Passkey not found');
      return toPasskeyInfo(row);
    },

    async remove(user: UserRow, id: string, password: string, client: ClientInfo) {
      await auth.reauthenticate(user, password);
      await db.transaction(async (tx) => {
        const r = createTwoFactorRepository(tx);
        const gone = await r.deletePasskey(user.id, id);
        if (!gone) throw notFound('Passkey not found');
        await r.refreshFlag(user.id);
        await recordSecurityEvent(tx, {
          userId: user.id,
          kind: 'passkey_removed',
          detail: { name: gone.name },
          ...eventClient(client),
        });
      });
      forget(user.id);
    },

    /** Options for `navigator.credentials.get` with no username: any of this site's passkeys may answer. */
    async loginOptions(ip: string) {
      await limits.enforce(`passkey:ip:${ip}`, 5 * 60_000, 30);
      const options = await generateAuthenticationOptions({ rpID, userVerification: 'preferred' });
      const token = randomToken();
      await repo.createChallenge({
        id: sha256(token),
        kind: 'passkey_login',
        userId: null,
        challenge: options.challenge,
        expiresAt: new Date(Date.now() + CHALLENGE_MS),
      });
      return { token, options };
    },

    /** A passkey's answer to the challenge of `token` → the user and a new session. */
    async login(token: string | null, response: Record<string, unknown>, client: ClientInfo) {
      await limits.enforce(`passkey:ip:${client.ip}`, 5 * 60_000, 30);
      const id = token ? sha256(token) : null;
      const pending = id ? await repo.liveChallenge(id, 'passkey_login') : undefined;
      // single use: the challenge goes whatever the answer, so one signed answer never signs in twice
      if (!pending?.challenge || !(await repo.consumeChallenge(pending.id, 'passkey_login')))
        throw loginExpired();
      const credentialId = typeof response.id === 'string' ? response.id : '';
      const key = credentialId ? await repo.passkeyByCredential(credentialId) : undefined;
      const user = key ? await usersRepo.byId(key.userId) : undefined;
      if (!key || !user || user.deletedAt) throw invalidPasskey(401);
      let verified = false;
      let newCounter = key.counter;
      try {
        const result = await verifyAuthenticationResponse({
          response: response as unknown as AuthenticationResponseJSON,
          expectedChallenge: pending.challenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          credential: {
            id: key.credentialId,
            publicKey: new Uint8Array(Buffer.from(key.publicKey, 'base64url')),
            counter: key.counter,
            transports: (key.transports ?? undefined) as never,
          },
          requireUserVerification: false,
        });
        verified = result.verified;
        newCounter = result.authenticationInfo.newCounter;
      } catch {
        verified = false;
      }
      if (!verified) {
        await recordSecurityEvent(db, {
          userId: user.id,
          kind: 'sign_in_failed',
          detail: { step: 'passkey' },
          ...eventClient(client),
        });
        throw invalidPasskey(401);
      }
      if (user.status !== 'active')
        throw new AppError(
          403,
          'ACCOUNT_SUSPENDED',
          'Your account has been suspended. Please contact support.',
        );
      await repo.passkeyUsed(key.id, newCounter);
      // a password step left waiting for its second factor is finished by this sign-in
      await repo.deleteUserChallenges(user.id, 'second_factor');
      const sessionToken = await auth.newSession(user.id);
      await recordSecurityEvent(db, {
        userId: user.id,
        kind: 'sign_in',
        detail: { method: 'passkey' },
        ...eventClient(client),
      });
      return { user, token: sessionToken };
    },
  };
}
