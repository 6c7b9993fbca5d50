import { successSchema } from '../schemas/common';
import {
  forgotPasswordResultSchema,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resendVerificationResultSchema,
  resetPasswordTokenSchema,
  resetTokenCheckResultSchema,
  resetTokenCheckSchema,
  revertEmailChangeSchema,
  verifyEmailSchema,
} from '../schemas/auth';
import {
  changePasswordSchema,
  revokeSessionSchema,
  sessionListSchema,
  userEnvelopeSchema,
  verifyEmailResultSchema,
} from '../schemas/user';
import { loginResultSchema } from '../schemas/two-factor';
import { defineRoute } from './define';

/** Signing in and out, the session, password and e-mail tokens (server: modules/auth/auth.routes.ts). */
export const authApi = {
  user: defineRoute({ method: 'GET', path: '/api/auth/user', response: { 200: userEnvelopeSchema } }),
  login: defineRoute({
    method: 'POST',
    path: '/api/auth/login',
    body: loginSchema,
    // with a second factor: no session yet, and what the second step may use (docs/decisions/056-second-factor.md)
    response: { 200: loginResultSchema },
  }),
  register: defineRoute({
    method: 'POST',
    path: '/api/auth/register',
    body: registerSchema,
    response: { 201: userEnvelopeSchema },
  }),
  logout: defineRoute({ method: 'POST', path: '/api/auth/logout', response: { 200: successSchema } }),
  forgotPassword: defineRoute({
    method: 'POST',
    path: '/api/auth/forgot-password',
    body: forgotPasswordSchema,
    response: { 200: forgotPasswordResultSchema },
  }),
  resetPasswordWithToken: defineRoute({
    method: 'POST',
    path: '/api/auth/reset-password-token',
    body: resetPasswordTokenSchema,
    response: { 200: successSchema },
  }),
  checkResetToken: defineRoute({
    method: 'POST',
    path: '/api/auth/reset-password-token/check',
    body: resetTokenCheckSchema,
    response: { 200: resetTokenCheckResultSchema },
  }),
  verifyEmail: defineRoute({
    method: 'POST',
    path: '/api/auth/verify-email',
    body: verifyEmailSchema,
    response: { 200: verifyEmailResultSchema },
  }),
  resendVerification: defineRoute({
    method: 'POST',
    path: '/api/auth/resend-verification',
    response: { 200: resendVerificationResultSchema },
  }),
  changePassword: defineRoute({
    method: 'POST',
    path: '/api/user/change-password',
    body: changePasswordSchema,
    response: { 200: successSchema },
  }),
  revertEmailChange: defineRoute({
    method: 'POST',
    path: '/api/auth/revert-email-change',
    body: revertEmailChangeSchema,
    response: { 200: successSchema },
  }),
  sessions: defineRoute({ method: 'GET', path: '/api/auth/sessions', response: { 200: sessionListSchema } }),
  revokeSession: defineRoute({
    method: 'POST',
    path: '/api/auth/sessions/revoke',
    body: revokeSessionSchema,
    response: { 200: successSchema },
  }),
  revokeOtherSessions: defineRoute({
    method: 'POST',
    path: '/api/auth/sessions/revoke-all',
    response: { 200: successSchema },
  }),
};
