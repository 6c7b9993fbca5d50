import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { successSchema } from '../../../shared/schemas/common';
import {
  changePasswordSchema,
  revokeSessionSchema,
  sessionListSchema,
  userEnvelopeSchema,
  verifyEmailResultSchema,
} from '../../../shared/schemas/user';
import {
  forgotPasswordResultSchema,
  forgotPasswordSchema,
  loginSchema,
  resetTokenCheckResultSchema,
  resetTokenCheckSchema,
  registerSchema,
  resendVerificationResultSchema,
  resetPasswordTokenSchema,
  revertEmailChangeSchema,
  verifyEmailSchema,
} from '../../../shared/schemas/auth';
import type { AppDeps } from '../../deps';
import { issueDeviceCookie, readDeviceCookie } from '../../http/device-cookie';
import { clearSessionCookie, requireUser, setSessionCookie } from '../../http/session';
import { notFound } from '../../lib/errors';
import { toPublicUser } from '../users';
import type { AuthService } from './auth.service';
import { usersOnly } from '../../http/guards';

export async function authRoutes(app: FastifyInstance, opts: { deps: AppDeps; auth: AuthService }) {
  const { deps, auth } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/auth/user', { schema: { response: { 200: userEnvelopeSchema } } }, async (request) => ({
    user: toPublicUser(requireUser(request)),
  }));

  r.post(
    '/api/auth/login',
    { schema: { body: loginSchema, response: { 200: userEnvelopeSchema } } },
    async (request, reply) => {
      const { user, token } = await auth.login(
        request.body.username,
        request.body.password,
        request.ip,
        readDeviceCookie(request),
      );
      // only a sign-in that succeeded replaces the caller's session: a wrong password leaves it alone
      if (request.sessionId) await auth.logout(request.sessionId);
      setSessionCookie(reply, deps.config, token);
      issueDeviceCookie(reply, deps.config, user);
      return { user: toPublicUser(user) };
    },
  );

  r.post(
    '/api/auth/register',
    { schema: { body: registerSchema, response: { 201: userEnvelopeSchema } } },
    async (request, reply) => {
      const { user, token } = await auth.register(request.body, request.ip);
      if (request.sessionId) await auth.logout(request.sessionId);
      setSessionCookie(reply, deps.config, token);
      issueDeviceCookie(reply, deps.config, user);
      return reply.status(201).send({ user: toPublicUser(user) });
    },
  );

  r.post('/api/auth/logout', { schema: { response: { 200: successSchema } } }, async (request, reply) => {
    if (request.sessionId) await auth.logout(request.sessionId);
    clearSessionCookie(reply, deps.config);
    return { success: true };
  });

  r.post(
    '/api/auth/forgot-password',
    { schema: { body: forgotPasswordSchema, response: { 200: forgotPasswordResultSchema } } },
    async (request) => {
      await auth.forgotPassword(request.body.usernameOrEmail, request.ip);
      return { success: true, message: "If an account matches, we've sent a link to reset the password." };
    },
  );

  r.post(
    '/api/auth/reset-password-token',
    { schema: { body: resetPasswordTokenSchema, response: { 200: successSchema } } },
    async (request) => {
      await auth.resetPasswordWithToken(request.body.token, request.body.newPassword);
      return { success: true };
    },
  );

  r.post(
    '/api/auth/reset-password-token/check',
    { schema: { body: resetTokenCheckSchema, response: { 200: resetTokenCheckResultSchema } } },
    async (request) => ({ success: true, valid: await auth.resetTokenIsLive(request.body.token) }),
  );

  r.post(
    '/api/auth/verify-email',
    { schema: { body: verifyEmailSchema, response: { 200: verifyEmailResultSchema } } },
    async (request) => {
      const { user, alreadyVerified } = await auth.verifyEmail(request.body.token);
      return {
        success: true,
        alreadyVerified,
        user: request.user?.id === user.id ? toPublicUser(user) : undefined,
      };
    },
  );

  r.post(
    '/api/auth/resend-verification',
    { schema: { response: { 200: resendVerificationResultSchema } } },
    async (request) => {
      const sent = await auth.resendVerification(requireUser(request));
      return { success: true, sent };
    },
  );

  // Lives under /api/user/ (the account screen) but is a credential change, so auth owns it.
  r.post(
    '/api/user/change-password',
    { ...usersOnly, schema: { body: changePasswordSchema, response: { 200: successSchema } } },
    async (request) => {
      const user = requireUser(request);
      await auth.changePassword(
        user,
        request.sessionId!,
        request.body.currentPassword,
        request.body.newPassword,
      );
      return { success: true };
    },
  );

  // The old address's "this wasn't me" (issue 13, point 6): no session needed, the mailed token is the proof.
  r.post(
    '/api/auth/revert-email-change',
    { schema: { body: revertEmailChangeSchema, response: { 200: successSchema } } },
    async (request, reply) => {
      const user = await auth.revertEmailChange(request.body.token);
      // every session of the account ended, the caller's own included when it was one of them
      if (request.user?.id === user.id) clearSessionCookie(reply, deps.config);
      return { success: true };
    },
  );

  r.get('/api/auth/sessions', { schema: { response: { 200: sessionListSchema } } }, async (request) => {
    const user = requireUser(request);
    return { sessions: await auth.listSessions(user.id, request.sessionId) };
  });

  r.post(
    '/api/auth/sessions/revoke',
    { ...usersOnly, schema: { body: revokeSessionSchema, response: { 200: successSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      const current = (await auth.listSessions(user.id, request.sessionId)).find((s) => s.current);
      if (!(await auth.revokeSession(user.id, request.body.id))) throw notFound('Session not found');
      if (current?.id === request.body.id) clearSessionCookie(reply, deps.config);
      return { success: true };
    },
  );

  // "Sign out everywhere": every other session ends; this device stays signed in.
  r.post(
    '/api/auth/sessions/revoke-all',
    { schema: { response: { 200: successSchema } } },
    async (request) => {
      const user = requireUser(request);
      await auth.revokeOtherSessions(user.id, request.sessionId!);
      return { success: true };
    },
  );
}
