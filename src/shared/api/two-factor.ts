import { idParamsSchema, successSchema } from '../schemas/common';
import { userEnvelopeSchema } from '../schemas/user';
import {
  addPasskeySchema,
  backupCodesSchema,
  codeOnlySchema,
  disableTotpSchema,
  passkeyEnvelopeSchema,
  passkeyLoginSchema,
  passwordOnlySchema,
  renamePasskeySchema,
  securityActivitySchema,
  totpEnrolmentSchema,
  twoFactorStatusSchema,
  webauthnOptionsSchema,
} from '../schemas/two-factor';
import { defineRoute } from './define';

/** Second factors, passkey sign-in and security activity (server: modules/two-factor). Session only. */
export const twoFactorApi = {
  /** the second step of a password sign-in (a pending sign-in's signed cookie names the account) */
  loginSecondStep: defineRoute({
    method: 'POST',
    path: '/api/auth/login/2fa',
    body: codeOnlySchema,
    response: { 200: userEnvelopeSchema },
  }),
  passkeyLoginOptions: defineRoute({
    method: 'POST',
    path: '/api/auth/passkey/options',
    response: { 200: webauthnOptionsSchema },
  }),
  passkeyLogin: defineRoute({
    method: 'POST',
    path: '/api/auth/passkey',
    body: passkeyLoginSchema,
    response: { 200: userEnvelopeSchema },
  }),
  status: defineRoute({ method: 'GET', path: '/api/user/2fa', response: { 200: twoFactorStatusSchema } }),
  enrolTotp: defineRoute({
    method: 'POST',
    path: '/api/user/2fa/totp',
    body: passwordOnlySchema,
    response: { 200: totpEnrolmentSchema },
  }),
  confirmTotp: defineRoute({
    method: 'POST',
    path: '/api/user/2fa/totp/confirm',
    body: codeOnlySchema,
    response: { 200: backupCodesSchema },
  }),
  disableTotp: defineRoute({
    method: 'DELETE',
    path: '/api/user/2fa/totp',
    body: disableTotpSchema,
    response: { 200: successSchema },
  }),
  passkeyOptions: defineRoute({
    method: 'POST',
    path: '/api/user/2fa/passkeys/options',
    body: passwordOnlySchema,
    response: { 200: webauthnOptionsSchema },
  }),
  addPasskey: defineRoute({
    method: 'POST',
    path: '/api/user/2fa/passkeys',
    body: addPasskeySchema,
    response: { 201: passkeyEnvelopeSchema },
  }),
  renamePasskey: defineRoute({
    method: 'PATCH',
    path: '/api/user/2fa/passkeys/:id',
    params: idParamsSchema,
    body: renamePasskeySchema,
    response: { 200: passkeyEnvelopeSchema },
  }),
  removePasskey: defineRoute({
    method: 'DELETE',
    path: '/api/user/2fa/passkeys/:id',
    params: idParamsSchema,
    body: passwordOnlySchema,
    response: { 200: successSchema },
  }),
  activity: defineRoute({
    method: 'GET',
    path: '/api/user/security-activity',
    response: { 200: securityActivitySchema },
  }),
  adminActivity: defineRoute({
    method: 'GET',
    path: '/api/admin/users/:id/security-activity',
    params: idParamsSchema,
    response: { 200: securityActivitySchema },
  }),
};
