import type { twoFactorApi } from '../two-factor';
import type { OperationDocs } from './operation-doc';

/** What each route of `twoFactorApi` does, for the OpenAPI document (src/server/modules/api-keys/openapi.ts). */
export const twoFactorDocs: OperationDocs<typeof twoFactorApi> = {
  loginSecondStep: {
    summary: 'Finish signing in with a code',
    description:
      'The second step of a sign-in: a code from an authenticator app, or one of the backup codes.',
  },
  passkeyLoginOptions: {
    summary: 'Start signing in with a passkey',
    description: "The WebAuthn challenge a browser's passkey signs to sign in without a password.",
  },
  passkeyLogin: {
    summary: 'Sign in with a passkey',
    description: 'Checks the passkey’s signed answer to the challenge and starts the session.',
  },
  status: {
    summary: 'Read your second factors',
    description: 'Whether an authenticator app is set up, how many backup codes are left, and your passkeys.',
  },
  enrolTotp: {
    summary: 'Start setting up an authenticator app',
    description: 'After your password, a new secret and its otpauth link (shown as a QR code).',
  },
  confirmTotp: {
    summary: 'Confirm the authenticator app',
    description: 'A first code from the app turns it on and answers ten single-use backup codes, shown once.',
  },
  disableTotp: {
    summary: 'Turn off the authenticator app',
    description: 'Needs your password and a current code; removes the secret and the backup codes.',
  },
  passkeyOptions: {
    summary: 'Start adding a passkey',
    description: 'The WebAuthn options a browser needs to create a passkey for this account.',
  },
  addPasskey: {
    summary: 'Add a passkey',
    description: "Stores the browser's new passkey under the name you give it.",
  },
  renamePasskey: {
    summary: 'Rename a passkey',
    description: 'Changes the name a passkey is listed under.',
  },
  removePasskey: {
    summary: 'Remove a passkey',
    description: 'The passkey no longer signs in to this account.',
  },
  activity: {
    summary: 'Read your security activity',
    description: 'Sign-ins, failed attempts, second-factor and key changes, with coarse addresses.',
  },
  adminActivity: {
    summary: "Read a user's security activity",
    description: "The same security record as the user's own, for an admin.",
  },
};
