import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { randomToken } from '../lib/crypto';
import { purposeKey } from '../lib/keys';
import { deviceCredential, type DeviceCookie } from '../modules/auth';

/**
 * The device cookie (docs/decisions/015-login-throttling.md): signed, HttpOnly, set on every
 * successful sign-in, naming the account and a random device id. A sign-in that presents it for the
 * same account is not held back by the per-username ceiling, so hammering a name never shuts out a
 * browser its owner has signed in from before.
 */
export const DEVICE_COOKIE = 'did';
const DEVICE_DAYS = 180;
const VALUE = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{16,64})\.([A-Za-z0-9_-]{22})$/;

export function readDeviceCookie(request: FastifyRequest): DeviceCookie | null {
  const raw = request.cookies?.[DEVICE_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  const m = VALUE.exec(unsigned.value);
  return m ? { userId: m[1], deviceId: m[2], credential: m[3] } : null;
}

export function issueDeviceCookie(
  reply: FastifyReply,
  config: Config,
  user: { id: string; passwordHash: string },
) {
  const credential = deviceCredential(purposeKey(config.sessionSecret, 'device-credential'), user);
  reply.setCookie(DEVICE_COOKIE, `${user.id}.${randomToken(18)}.${credential}`, {
    // only the sign-in endpoints need to see it
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    signed: true,
    maxAge: DEVICE_DAYS * 86_400,
  });
}
