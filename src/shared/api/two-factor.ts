import type { twoFactorServer } from './two-factor.server';
import { endpoints } from './define';

/** Second factors, passkey sign-in and security activity (server: modules/two-factor). Session only. */
export const twoFactorApi = endpoints<typeof twoFactorServer>()({
  /** the second step of a password sign-in (a pending sign-in's signed cookie names the account) */
  loginSecondStep: { method: 'POST', path: '/api/auth/login/2fa' },
  passkeyLoginOptions: { method: 'POST', path: '/api/auth/passkey/options' },
  passkeyLogin: { method: 'POST', path: '/api/auth/passkey' },
  status: { method: 'GET', path: '/api/user/2fa' },
  enrolTotp: { method: 'POST', path: '/api/user/2fa/totp' },
  confirmTotp: { method: 'POST', path: '/api/user/2fa/totp/confirm' },
  disableTotp: { method: 'DELETE', path: '/api/user/2fa/totp' },
  passkeyOptions: { method: 'POST', path: '/api/user/2fa/passkeys/options' },
  addPasskey: { method: 'POST', path: '/api/user/2fa/passkeys' },
  renamePasskey: { method: 'PATCH', path: '/api/user/2fa/passkeys/:id' },
  removePasskey: { method: 'DELETE', path: '/api/user/2fa/passkeys/:id' },
  activity: { method: 'GET', path: '/api/user/security-activity' },
  adminActivity: { method: 'GET', path: '/api/admin/users/:id/security-activity' },
});
