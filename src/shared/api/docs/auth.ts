import type { authApi } from '../auth';
import type { OperationDocs } from './operation-doc';

/** What each route of `authApi` does, for the OpenAPI document (src/server/modules/api-keys/openapi.ts). */
export const authDocs: OperationDocs<typeof authApi> = {
  user: {
    summary: 'Read the signed-in user',
    description: 'The account of the current session, with its token balance.',
  },
  login: {
    summary: 'Sign in',
    description: 'Checks a username or e-mail address and password and starts a session (a cookie).',
  },
  register: {
    summary: 'Create an account',
    description: 'Signs up with a username, e-mail address and password, and starts a session.',
  },
  logout: { summary: 'Sign out', description: 'Ends the current session.' },
  forgotPassword: {
    summary: 'Ask for a password reset mail',
    description:
      "Sends a link to reset the password to the account's e-mail address, if there is one; the answer is the same either way.",
  },
  resetPasswordWithToken: {
    summary: 'Reset a password with a mailed link',
    description: "Sets a new password with the token of a reset mail and ends the account's other sessions.",
  },
  checkResetToken: {
    summary: 'Check a password reset link',
    description: "Says whether a reset link's token is still valid, before a new password is typed.",
  },
  verifyEmail: {
    summary: 'Verify an e-mail address',
    description: 'Confirms an e-mail address with the token of its verification mail.',
  },
  resendVerification: {
    summary: 'Send the verification mail again',
    description: "Mails a new verification link to the account's unverified address.",
  },
  changePassword: {
    summary: 'Change your password',
    description: 'Sets a new password after checking the current one; other sessions are ended.',
  },
  revertEmailChange: {
    summary: 'Undo an e-mail change',
    description: 'Puts back the previous e-mail address with the link mailed to it, and ends every session.',
  },
  sessions: {
    summary: 'List your sessions',
    description: 'Where and since when your account is signed in.',
  },
  revokeSession: { summary: 'Sign out one session', description: 'Ends one of your other sessions.' },
  revokeOtherSessions: {
    summary: 'Sign out everywhere else',
    description: 'Ends every session of yours but this one.',
  },
};
