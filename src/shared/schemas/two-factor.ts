import { z } from 'zod';
import { safeText } from './common';
import { userEnvelopeSchema } from './user';
import { SECOND_FACTOR_METHODS, SECURITY_EVENT_KINDS, TWO_FACTOR_TEXTS } from '../two-factor-texts';

export {
  BACKUP_CODE_COUNT,
  SECOND_FACTOR_METHODS,
  SECURITY_EVENT_KINDS,
  SECURITY_EVENT_LABELS,
  TWO_FACTOR_TEXTS,
  type SecondFactorMethod,
  type SecurityEventKind,
} from '../two-factor-texts';

// Second factors and the account's security activity (issue 40, docs/decisions/056-second-factor.md).

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
