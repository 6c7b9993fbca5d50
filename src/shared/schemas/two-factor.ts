import { z } from 'zod';
import { safeText } from './common';
import { userEnvelopeSchema } from './user';

// Second factors and the account's security activity (issue 40, docs/decisions/056-second-factor.md).

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

const passwordField = z
  .string({ error: TWO_FACTOR_TEXTS.passwordRequired })
  .min(1, TWO_FACTOR_TEXTS.passwordRequired)
  .max(200, 'Password is too long');

/** A TOTP (6 digits) or a backup code (`xxxxx-xxxxx`); spaces and dashes are the reader's, not the code's. */
export const codeField = z
  .string({ error: TWO_FACTOR_TEXTS.codeRequired })
  .trim()
  .min(6, TWO_FACTOR_TEXTS.codeRequired)
  .max(32, TWO_FACTOR_TEXTS.invalidCode);

export const passwordOnlySchema = z.object({ password: passwordField });
export const codeOnlySchema = z.object({ code: codeField });
export const disableTotpSchema = z.object({ password: passwordField, code: codeField });

/** The password step of a sign-in when the account has a second factor: no session yet. */
export const twoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  methods: z.array(z.enum(SECOND_FACTOR_METHODS)),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;
export const loginResultSchema = z.union([userEnvelopeSchema, twoFactorChallengeSchema]);

export const totpEnrolmentSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export const backupCodesSchema = z.object({ backupCodes: z.array(z.string()) });

export const passkeyInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type PasskeyInfo = z.infer<typeof passkeyInfoSchema>;

/** `GET /api/user/2fa`: what the account has, and whether its role needs one (an admin under ADMIN_2FA=required). */
export const twoFactorStatusSchema = z.object({
  totp: z.boolean(),
  backupCodesLeft: z.number(),
  passkeys: z.array(passkeyInfoSchema),
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const passkeyNameField = safeText({ error: TWO_FACTOR_TEXTS.passkeyNameRequired })
  .trim()
  .min(1, TWO_FACTOR_TEXTS.passkeyNameRequired)
  .max(64, TWO_FACTOR_TEXTS.passkeyNameTooLong);

/** The browser's WebAuthn JSON, checked by @simplewebauthn/server (not re-described here). */
const webauthnJson = z.record(z.string(), z.unknown(), { error: TWO_FACTOR_TEXTS.invalidPasskey });

export const webauthnOptionsSchema = z.object({ options: z.record(z.string(), z.unknown()) });
export const addPasskeySchema = z.object({ name: passkeyNameField, response: webauthnJson });
export const renamePasskeySchema = z.object({ name: passkeyNameField });
export const passkeyLoginSchema = z.object({ response: webauthnJson });
export const passkeyEnvelopeSchema = z.object({ passkey: passkeyInfoSchema });

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
};

export const securityEventSchema = z.object({
  id: z.string(),
  kind: z.enum(SECURITY_EVENT_KINDS),
  detail: z.record(z.string(), z.string()).nullable(),
  /** coarsened: an IPv4 /24 (`203.0.113.0/24`) or an IPv6 /48 */
  address: z.string().nullable(),
  device: z.string().nullable(),
  createdAt: z.string(),
});
export type SecurityEvent = z.infer<typeof securityEventSchema>;
export const securityActivitySchema = z.object({ events: z.array(securityEventSchema) });
