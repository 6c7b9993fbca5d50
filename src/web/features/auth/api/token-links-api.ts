import { authApi } from '@shared/api/auth';
import { call } from '@web/lib/api-client';

/** The links mailed with a single-use token: opening one sends its token once. */

/** Verifies the address the link was mailed to; a second opening answers `alreadyVerified`. */
export function verifyEmail(token: string) {
  return call(authApi.verifyEmail, { body: { token } });
}

/** "This wasn't me": gives the account its old address back and ends every session. */
export function revertEmailChange(token: string) {
  return call(authApi.revertEmailChange, { body: { token } });
}
