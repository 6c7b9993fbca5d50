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
import { serverSide } from './define';

/** The server's half of `twoFactorApi`: who may call each route, what it validates and answers. */
export const twoFactorServer = serverSide({
  loginSecondStep: { guard: 'public', body: codeOnlySchema, response: { 200: userEnvelopeSchema } },
  passkeyLoginOptions: { guard: 'public', response: { 200: webauthnOptionsSchema } },
  passkeyLogin: { guard: 'public', body: passkeyLoginSchema, response: { 200: userEnvelopeSchema } },
  status: { guard: 'user', response: { 200: twoFactorStatusSchema } },
  enrolTotp: { guard: 'user', body: passwordOnlySchema, response: { 200: totpEnrolmentSchema } },
  confirmTotp: { guard: 'user', body: codeOnlySchema, response: { 200: backupCodesSchema } },
  disableTotp: { guard: 'user', body: disableTotpSchema, response: { 200: successSchema } },
  passkeyOptions: { guard: 'user', body: passwordOnlySchema, response: { 200: webauthnOptionsSchema } },
  addPasskey: { guard: 'user', body: addPasskeySchema, response: { 201: passkeyEnvelopeSchema } },
  renamePasskey: {
    guard: 'user',
    params: idParamsSchema,
    body: renamePasskeySchema,
    response: { 200: passkeyEnvelopeSchema },
  },
  removePasskey: {
    guard: 'user',
    params: idParamsSchema,
    body: passwordOnlySchema,
    response: { 200: successSchema },
  },
  activity: { guard: 'user', response: { 200: securityActivitySchema } },
  adminActivity: { guard: 'admin', params: idParamsSchema, response: { 200: securityActivitySchema } },
});
