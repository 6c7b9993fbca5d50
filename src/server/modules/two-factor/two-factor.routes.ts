import type { FastifyInstance, FastifyRequest } from 'fastify';
import { twoFactorApi } from '../../../shared/api/two-factor';
import type { AppDeps } from '../../deps';
import { adminOnly, usersOnly } from '../../http/guards';
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

  route(app, twoFactorApi.loginSecondStep, {}, async (request, reply) => {
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

  route(app, twoFactorApi.passkeyLoginOptions, {}, async (request, reply) => {
    const { token, options } = await passkeys.loginOptions(request.ip);
    setLoginStateCookie(reply, deps.config, PASSKEY_CHALLENGE_COOKIE, token, CHALLENGE_MS);
    return { options: options as unknown as Record<string, unknown> };
  });

  route(app, twoFactorApi.passkeyLogin, {}, async (request, reply) => {
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

  route(app, twoFactorApi.status, usersOnly, async (request) => twoFactor.status(accountOf(request)));

  route(app, twoFactorApi.enrolTotp, usersOnly, async (request) =>
    twoFactor.enrolTotp(requireUser(request), request.body.password),
  );

  route(app, twoFactorApi.confirmTotp, usersOnly, async (request) =>
    twoFactor.confirmTotp(requireUser(request), request.body.code, clientOf(request)),
  );

  route(app, twoFactorApi.disableTotp, usersOnly, async (request) => {
    await twoFactor.disableTotp(
      requireUser(request),
      request.body.password,
      request.body.code,
      clientOf(request),
    );
    return { success: true };
  });

  route(app, twoFactorApi.passkeyOptions, usersOnly, async (request) => ({
    options: (await passkeys.registrationOptions(
      requireUser(request),
      request.body.password,
    )) as unknown as Record<string, unknown>,
  }));

  route(app, twoFactorApi.addPasskey, usersOnly, async (request, reply) => {
    const passkey = await passkeys.add(
      requireUser(request),
      request.body.name,
      request.body.response,
      clientOf(request),
    );
    return reply.status(201).send({ passkey });
  });

  route(app, twoFactorApi.renamePasskey, usersOnly, async (request) => ({
    passkey: await passkeys.rename(requireUser(request), request.params.id, request.body.name),
  }));

  route(app, twoFactorApi.removePasskey, usersOnly, async (request) => {
    await passkeys.remove(requireUser(request), request.params.id, request.body.password, clientOf(request));
    return { success: true };
  });

  route(app, twoFactorApi.activity, usersOnly, async (request) => ({
    events: await securityActivity(deps.db, requireUser(request).id),
  }));

  route(app, twoFactorApi.adminActivity, adminOnly, async (request) => {
    const user = await createUserAccounts(deps.db).byId(request.params.id);
    if (!user || user.deletedAt) throw notFound('User not found');
    return { events: await securityActivity(deps.db, user.id) };
  });
}
