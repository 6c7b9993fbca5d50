import type { PublicUser } from '@shared/schemas/user';
import { apiFetch } from '@web/lib/api';

/** The links mailed with a single-use token: opening one sends its token once. */

/** Verifies the address the link was mailed to; a second opening answers `alreadyVerified`. */
export function verifyEmail(token: string) {
  return apiFetch<{ success: boolean; alreadyVerified?: boolean; user?: PublicUser }>(
    '/api/auth/verify-email',
    {
      method: 'POST',
      json: { token },
    },
  );
}

/** "This wasn't me": gives the account its old address back and ends every session. */
export function revertEmailChange(token: string) {
  return apiFetch('/api/auth/revert-email-change', { method: 'POST', json: { token } });
}
