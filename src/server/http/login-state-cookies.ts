import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';

/**
 * Cookies that carry a sign-in between two requests (docs/decisions/056-second-factor.md): a password
 * step waiting for its second factor (`l2f`), and a passkey sign-in's challenge (`pkc`). Each holds a
 * random token whose hash names a short-lived, single-use row on the server; signed and HttpOnly, seen
 * only by the sign-in endpoints.
 */
export const PENDING_LOGIN_COOKIE = 'l2f';
export const PASSKEY_CHALLENGE_COOKIE = 'pkc';
export type LoginStateCookie = typeof PENDING_LOGIN_COOKIE | typeof PASSKEY_CHALLENGE_COOKIE;

const options = (config: Config) => ({
  path: '/api/auth',
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: config.secureCookies,
});

export function setLoginStateCookie(
  reply: FastifyReply,
  config: Config,
  name: LoginStateCookie,
  token: string,
  maxAgeMs: number,
) {
  reply.setCookie(name, token, { ...options(config), signed: true, maxAge: Math.floor(maxAgeMs / 1000) });
}

export function readLoginStateCookie(request: FastifyRequest, name: LoginStateCookie): string | null {
  const raw = request.cookies?.[name];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : null;
}

export function clearLoginStateCookie(reply: FastifyReply, config: Config, name: LoginStateCookie) {
  reply.clearCookie(name, options(config));
}
