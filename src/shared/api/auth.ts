import type { authServer } from './auth.server';
import { endpoints } from './define';

/** Signing in and out, the session, password and e-mail tokens (server: modules/auth/auth.routes.ts). */
export const authApi = endpoints<typeof authServer>()({
  user: { method: 'GET', path: '/api/auth/user' },
  login: { method: 'POST', path: '/api/auth/login' },
  register: { method: 'POST', path: '/api/auth/register' },
  logout: { method: 'POST', path: '/api/auth/logout' },
  forgotPassword: { method: 'POST', path: '/api/auth/forgot-password' },
  resetPasswordWithToken: { method: 'POST', path: '/api/auth/reset-password-token' },
  checkResetToken: { method: 'POST', path: '/api/auth/reset-password-token/check' },
  verifyEmail: { method: 'POST', path: '/api/auth/verify-email' },
  resendVerification: { method: 'POST', path: '/api/auth/resend-verification' },
  changePassword: { method: 'POST', path: '/api/user/change-password' },
  revertEmailChange: { method: 'POST', path: '/api/auth/revert-email-change' },
  sessions: { method: 'GET', path: '/api/auth/sessions' },
  revokeSession: { method: 'POST', path: '/api/auth/sessions/revoke' },
  revokeOtherSessions: { method: 'POST', path: '/api/auth/sessions/revoke-all' },
});
