import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { forbidden, unauthorized } from '../lib/errors';
import { API_KEY_TOKEN_START, type ApiKeyCaller, type ApiKeysService } from '../modules/api-keys';
import type { AuthService } from '../modules/auth';
import type { UserRow } from '../modules/users';

export const SESSION_COOKIE = 'sid';

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
    sessionId: string | null;
    /** the personal API key the request authenticated with (then `sessionId` is null) */
    apiKey: ApiKeyCaller | null;
    /**
     * An admin signed in with a password alone while ADMIN_2FA=required: `user` then carries a plain
     * user's powers (isAdmin false) until a second factor is enrolled; see accountOf().
     */
    adminAwaitingSecondFactor: boolean;
  }
  interface FastifyInstance {
    /** ADMIN_2FA: whether requireAdmin refuses an admin who has no second factor yet */
    adminSecondFactor: 'required' | 'optional';
  }
}

/** The token of an `Authorization: Bearer …` header; undefined when the request carries none. */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const m = /^Bearer[ \t]+(.*)$/i.exec(header);
  return m ? m[1]!.trim() : undefined;
}

export function registerSession(
  app: FastifyInstance,
  auth: AuthService,
  apiKeys?: ApiKeysService,
  opts: { adminSecondFactor?: 'required' | 'optional' } = {},
) {
  app.decorate('adminSecondFactor', opts.adminSecondFactor ?? 'optional');
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('apiKey', null);
  app.decorateRequest('adminAwaitingSecondFactor', false);
  // preValidation (not preHandler): route guards can then refuse a caller before their input is validated.
  app.addHook('preValidation', async (request) => {
    // the built client's files are the same for everyone: a signed-in page load asks for ~50 of
    // them, and a session read each would queue on the database ahead of the page's own reads
    if (request.url.startsWith('/assets/')) return;
    // A request with a personal API key is judged by the key alone (decision 039): its cookie, if it
    // also sends one, is never read, so the key's path cannot borrow the session's powers. A key opens
    // only the /api routes whose descriptor names its scope; elsewhere the request stays a guest's.
    // Only a token shaped like a key (`ls_…`) is one: other bearers (the metrics token on /api/readyz)
    // stay for the route to judge, as before keys existed.
    // Besides /api, the one other route a key reaches is /files/* (its config names the `read`
    // scope): the file URLs in a key's answers must open for the key's holder (http/files.ts).
    const bearer = apiKeys ? bearerToken(request.headers.authorization) : undefined;
    if (bearer?.startsWith(API_KEY_TOKEN_START)) {
      const url = request.routeOptions.url;
      if (!url?.startsWith('/api/') && !(url === '/files/*' && request.routeOptions.config.apiKey)) return;
      const found = await apiKeys!.authenticate(bearer, request.routeOptions.config.apiKey);
      request.user = found.user;
      request.apiKey = found.apiKey;
      return;
    }
    const raw = request.cookies?.[SESSION_COOKIE];
    if (!raw) return;
    const unsigned = request.unsignCookie(raw);
    if (!unsigned.valid || !unsigned.value) return;
    const found = await auth.userForSession(unsigned.value, request.headers['user-agent']);
    if (!found) return;
    request.sessionId = found.sessionId;
    // docs/decisions/056-second-factor.md: the password alone never carries admin powers, on admin
    // routes (requireAdmin) or on the user routes where an admin may read other people's things
    if (app.adminSecondFactor === 'required' && found.user.isAdmin && !found.user.hasSecondFactor) {
      request.user = { ...found.user, isAdmin: false };
      request.adminAwaitingSecondFactor = true;
      return;
    }
    request.user = found.user;
  });
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    signed: true,
    // the server ends the session earlier when it goes unused (config.sessions.idleDays)
    maxAge: config.sessions.maxAgeDays * 86_400,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config) {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
  });
}

export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** The code a client routes on: an admin with no second factor while ADMIN_2FA=required. */
export const SECOND_FACTOR_REQUIRED_MESSAGE =
  'Set up two-factor authentication in Settings → Security before using the admin panel';

export function requireAdmin(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  // docs/decisions/056-second-factor.md: the password alone never opens the admin routes
  if (request.adminAwaitingSecondFactor)
    throw forbidden(SECOND_FACTOR_REQUIRED_MESSAGE, 'SECOND_FACTOR_REQUIRED');
  if (!user.isAdmin) throw forbidden('Admin access required');
  return user;
}

/**
 * The signed-in person's own record, as stored: what they are told about themselves (the client sends
 * an admin awaiting a second factor to enrol), never what the request may do (that is `requireUser`).
 */
export function accountOf(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  return request.adminAwaitingSecondFactor ? { ...user, isAdmin: true } : user;
}
