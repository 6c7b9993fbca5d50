// Second factors' constants and texts without zod, so pages that only show them (the security
// activity list) do not pull the schemas' chunk (docs/decisions/056-second-factor.md).

export const TWO_FACTOR_TEXTS = {
  passwordRequired: 'Password is required',
  codeRequired: 'Enter the code from your authenticator app or a backup code',
  invalidCode: 'That code is not valid. Check your authenticator app and try again.',
  loginExpired: 'Your sign-in has expired. Please enter your username and password again.',
  passkeyNameRequired: 'Name is required',
  passkeyNameTooLong: 'Name must be at most 64 characters',
  invalidPasskey: 'That passkey could not be verified. Try again or use another way to sign in.',
} as const;

export const SECOND_FACTOR_METHODS = ['totp', 'passkey', 'backup'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

export const BACKUP_CODE_COUNT = 10;

export const SECURITY_EVENT_KINDS = [
  'sign_in',
  'sign_in_failed',
  'totp_enabled',
  'totp_disabled',
  'backup_codes_used_up',
  'passkey_added',
  'passkey_removed',
  'password_changed',
  'second_factor_reset',
  'api_key_created',
  'api_key_revoked',
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

export const SECURITY_EVENT_LABELS: Record<SecurityEventKind, string> = {
  sign_in: 'Signed in',
  sign_in_failed: 'Failed sign-in',
  totp_enabled: 'Authenticator app turned on',
  totp_disabled: 'Authenticator app turned off',
  backup_codes_used_up: 'Last backup code used',
  passkey_added: 'Passkey added',
  passkey_removed: 'Passkey removed',
  password_changed: 'Password changed',
  second_factor_reset: 'Two-factor reset by an operator',
  api_key_created: 'API key created',
  api_key_revoked: 'API key revoked',
};
