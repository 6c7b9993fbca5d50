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
import { serverSide } from './define';

/** The server's half of `authApi`: who may call each route, what it validates and answers. */
export const authServer = serverSide({
  user: { guard: 'user', response: { 200: userEnvelopeSchema } },
  login: {
    guard: 'public',
    body: loginSchema,
    // with a second factor: no session yet, and what the second step may use (docs/decisions/056-second-factor.md)
    response: { 200: loginResultSchema },
  },
  register: { guard: 'public', body: registerSchema, response: { 201: userEnvelopeSchema } },
  logout: { guard: 'public', response: { 200: successSchema } },
  forgotPassword: {
    guard: 'public',
    body: forgotPasswordSchema,
    response: { 200: forgotPasswordResultSchema },
  },
  resetPasswordWithToken: {
    guard: 'public',
    body: resetPasswordTokenSchema,
    response: { 200: successSchema },
  },
  checkResetToken: {
    guard: 'public',
    body: resetTokenCheckSchema,
    response: { 200: resetTokenCheckResultSchema },
  },
  verifyEmail: { guard: 'public', body: verifyEmailSchema, response: { 200: verifyEmailResultSchema } },
  resendVerification: { guard: 'user', response: { 200: resendVerificationResultSchema } },
  changePassword: { guard: 'user', body: changePasswordSchema, response: { 200: successSchema } },
  revertEmailChange: { guard: 'public', body: revertEmailChangeSchema, response: { 200: successSchema } },
  sessions: { guard: 'user', response: { 200: sessionListSchema } },
  revokeSession: { guard: 'user', body: revokeSessionSchema, response: { 200: successSchema } },
  revokeOtherSessions: { guard: 'user', response: { 200: successSchema } },
});
