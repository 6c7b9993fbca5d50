import type { FastifyInstance, FastifyRequest } from 'fastify';
import { twoFactorContract } from '../../../shared/api/all';
import type { AppDeps } from '../../deps';
import { issueDeviceCookie, readDeviceCookie } from '../../http/device-cookie';
import {
  clearLoginStateCookie,
  PASSKEY_CHALLENGE_COOKIE,
  PENDING_LOGIN_COOKIE,
  readLoginStateCookie,
  setLoginStateCookie,
} from '../../http/login-state-cookies';
import { accountOf, requireUser, setSessionCookie } from '../../http/session';
import { route } from '../../http/route';
import { notFound } from '../../lib/errors';
import { securityActivity } from '../audit';
import { describeUserAgent } from '../../lib/user-agent';
import type { AuthService } from '../auth';
import { createUserAccounts, toPublicUser } from '../users';
import { createPasskeysService } from './passkeys.service';
import { createTwoFactorService, type ClientInfo } from './two-factor.service';

const CHALLENGE_MS = 5 * 60_000;

export const clientOf = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  device: describeUserAgent(request.headers['user-agent'] ?? null),
});

/** Second factors, passkey sign-in and security activity (docs/decisions/056-second-factor.md). */
export async function twoFactorRoutes(app: FastifyInstance, opts: { deps: AppDeps; auth: AuthService }) {
  const { deps, auth } = opts;
  const twoFactor = createTwoFactorService(deps, auth);
  const passkeys = createPasskeysService(deps, auth);

  route(app, twoFactorContract.loginSecondStep, async (request, reply) => {
    const { user, token } = await twoFactor.finishSecondStep(
      readLoginStateCookie(request, PENDING_LOGIN_COOKIE),
      request.body.code,
      clientOf(request),
      readDeviceCookie(request),
    );
    if (request.sessionId) await auth.logout(request.sessionId);
    clearLoginStateCookie(reply, deps.config, PENDING_LOGIN_COOKIE);
    setSessionCookie(reply, deps.config, token);
    issueDeviceCookie(reply, deps.config, user);
    return { user: toPublicUser(user) };
  });

  route(app, twoFactorContract.passkeyLoginOptions, async (request, reply) => {
    const { token, options } = await passkeys.loginOptions(request.ip);
    setLoginStateCookie(reply, deps.config, PASSKEY_CHALLENGE_COOKIE, token, CHALLENGE_MS);
    return { options: options as unknown as Record<string, unknown> };
  });

  route(app, twoFactorContract.passkeyLogin, async (request, reply) => {
    const { user, token } = await passkeys.login(
      readLoginStateCookie(request, PASSKEY_CHALLENGE_COOKIE),
      request.body.response,
      clientOf(request),
    );
    if (request.sessionId) await auth.logout(request.sessionId);
    clearLoginStateCookie(reply, deps.config, PASSKEY_CHALLENGE_COOKIE);
    clearLoginStateCookie(reply, deps.config, PENDING_LOGIN_COOKIE);
    setSessionCookie(reply, deps.config, token);
    issueDeviceCookie(reply, deps.config, user);
    return { user: toPublicUser(user) };
  });

  route(app, twoFactorContract.status, async (request) => twoFactor.status(accountOf(request)));

  route(app, twoFactorContract.enrolTotp, async (request) =>
    twoFactor.enrolTotp(requireUser(request), request.body.password),
  );

  route(app, twoFactorContract.confirmTotp, async (request) =>
    twoFactor.confirmTotp(requireUser(request), request.body.code, clientOf(request)),
  );

  route(app, twoFactorContract.disableTotp, async (request) => {
    await twoFactor.disableTotp(
      requireUser(request),
      request.body.password,
      request.body.code,
      clientOf(request),
    );
    return { success: true };
  });

  route(app, twoFactorContract.passkeyOptions, async (request) => ({
    options: (await passkeys.registrationOptions(
      requireUser(request),
      request.body.password,
    )) as unknown as Record<string, unknown>,
  }));

  route(app, twoFactorContract.addPasskey, async (request, reply) => {
    const passkey = await passkeys.add(
      requireUser(request),
      request.body.name,
      request.body.response,
      clientOf(request),
    );
    return reply.status(201).send({ passkey });
  });

  route(app, twoFactorContract.renamePasskey, async (request) => ({
    passkey: await passkeys.rename(requireUser(request), request.params.id, request.body.name),
  }));

  route(app, twoFactorContract.removePasskey, async (request) => {
    await passkeys.remove(requireUser(request), request.params.id, request.body.password, clientOf(request));
    return { success: true };
  });

  route(app, twoFactorContract.activity, async (request) => ({
    events: await securityActivity(deps.db, requireUser(request).id),
  }));

  route(app, twoFactorContract.adminActivity, async (request) => {
    const user = await createUserAccounts(deps.db).byId(request.params.id);
    if (!user || user.deletedAt) throw notFound('User not found');
    return { events: await securityActivity(deps.db, user.id) };
  });
}
