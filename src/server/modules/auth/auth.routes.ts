import type { FastifyInstance } from 'fastify';
import { authContract } from '../../../shared/api/all';
import type { AppDeps } from '../../deps';
import { issueDeviceCookie, readDeviceCookie } from '../../http/device-cookie';
import { accountOf, clearSessionCookie, requireUser, setSessionCookie } from '../../http/session';
import { notFound } from '../../lib/errors';
import { toPublicUser, type UserRow } from '../users';
import { PENDING_LOGIN_COOKIE, setLoginStateCookie } from '../../http/login-state-cookies';
import { describeUserAgent } from '../../lib/user-agent';

/** How long the password step of a sign-in waits for its second factor. */
const PENDING_LOGIN_MS = 5 * 60_000;
import type { AuthService } from './auth.service';
import { route } from '../../http/route';

/**
 * The second factor's start (modules/two-factor, wired by app.ts so neither module builds the other):
 * a pending sign-in's token and what may finish it.
 */
export type SecondStepStarter = (
  user: UserRow,
) => Promise<{ token: string; methods: ('totp' | 'passkey' | 'backup')[] }>;

export async function authRoutes(
  app: FastifyInstance,
  opts: { deps: AppDeps; auth: AuthService; beginSecondStep: SecondStepStarter },
) {
  const { deps, auth } = opts;

  route(app, authContract.user, async (request) => ({
    user: toPublicUser(accountOf(request)),
  }));

  route(app, authContract.login, async (request, reply) => {
    const { user, token } = await auth.login(
      request.body.username,
      request.body.password,
      request.ip,
      readDeviceCookie(request),
      describeUserAgent(request.headers['user-agent'] ?? null),
    );
    if (!token) {
      // right password, second factor to come: a pending sign-in in a signed cookie, no session yet
      const step = await opts.beginSecondStep(user);
      setLoginStateCookie(reply, deps.config, PENDING_LOGIN_COOKIE, step.token, PENDING_LOGIN_MS);
      return { twoFactorRequired: true as const, methods: step.methods };
    }
    // only a sign-in that succeeded replaces the caller's session: a wrong password leaves it alone
    if (request.sessionId) await auth.logout(request.sessionId);
    setSessionCookie(reply, deps.config, token);
    issueDeviceCookie(reply, deps.config, user);
    return { user: toPublicUser(user) };
  });

  route(app, authContract.register, async (request, reply) => {
    const { user, token } = await auth.register(request.body, request.ip);
    if (request.sessionId) await auth.logout(request.sessionId);
    setSessionCookie(reply, deps.config, token);
    issueDeviceCookie(reply, deps.config, user);
    return reply.status(201).send({ user: toPublicUser(user) });
  });

  route(app, authContract.logout, async (request, reply) => {
    if (request.sessionId) await auth.logout(request.sessionId);
    clearSessionCookie(reply, deps.config);
    return { success: true };
  });

  route(app, authContract.forgotPassword, async (request) => {
    await auth.forgotPassword(request.body.usernameOrEmail, request.ip);
    return { success: true, message: "If an account matches, we've sent a link to reset the password." };
  });

  route(app, authContract.resetPasswordWithToken, async (request) => {
    await auth.resetPasswordWithToken(request.body.token, request.body.newPassword);
    return { success: true };
  });

  route(app, authContract.checkResetToken, async (request) => ({
    success: true,
    valid: await auth.resetTokenIsLive(request.body.token),
  }));

  route(app, authContract.verifyEmail, async (request) => {
    const { user, alreadyVerified } = await auth.verifyEmail(request.body.token);
    return {
      success: true,
      alreadyVerified,
      user: request.user?.id === user.id ? toPublicUser(user) : undefined,
    };
  });

  route(app, authContract.resendVerification, async (request) => {
    const sent = await auth.resendVerification(requireUser(request));
    return { success: true, sent };
  });

  // Lives under /api/user/ (the account screen) but is a credential change, so auth owns it.
  route(app, authContract.changePassword, async (request) => {
    const user = requireUser(request);
    await auth.changePassword(
      user,
      request.sessionId!,
      request.body.currentPassword,
      request.body.newPassword,
    );
    return { success: true };
  });

  // The old address's "this wasn't me" (issue 13, point 6): no session needed, the mailed token is the proof.
  route(app, authContract.revertEmailChange, async (request, reply) => {
    const user = await auth.revertEmailChange(request.body.token);
    // every session of the account ended, the caller's own included when it was one of them
    if (request.user?.id === user.id) clearSessionCookie(reply, deps.config);
    return { success: true };
  });

  route(app, authContract.sessions, async (request) => {
    const user = requireUser(request);
    return { sessions: await auth.listSessions(user.id, request.sessionId) };
  });

  route(app, authContract.revokeSession, async (request, reply) => {
    const user = requireUser(request);
    const current = (await auth.listSessions(user.id, request.sessionId)).find((s) => s.current);
    if (!(await auth.revokeSession(user.id, request.body.id))) throw notFound('Session not found');
    if (current?.id === request.body.id) clearSessionCookie(reply, deps.config);
    return { success: true };
  });

  // "Sign out everywhere": every other session ends; this device stays signed in.
  route(app, authContract.revokeOtherSessions, async (request) => {
    const user = requireUser(request);
    await auth.revokeOtherSessions(user.id, request.sessionId!);
    return { success: true };
  });
}
