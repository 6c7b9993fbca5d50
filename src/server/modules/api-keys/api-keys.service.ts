import { randomBytes } from 'node:crypto';
import {
  API_KEY_TEXTS,
  MAX_API_KEYS,
  type ApiKey,
  type ApiKeyExpiryDays,
  type ApiKeyScopeName,
} from '../../../shared/schemas/api-keys';
import type { ApiKeyScope } from '../../../shared/api/define';
import type { AppDeps } from '../../deps';
import { safeEqual, sha256 } from '../../lib/crypto';
import { AppError, forbidden, notFound, unauthorized } from '../../lib/errors';
import { createRateLimiter } from '../../lib/rate-limiter';
import { recordSecurityEvent } from '../audit';
import type { UserRow } from '../users';
import { createApiKeysRepository, type ApiKeyRow } from './api-keys.repository';

// docs/decisions/039-api-keys-and-openapi.md. A token reads `ls_<prefix>_<secret>`: 8 random bytes of
// prefix (hex, unique, the lookup) and 32 of secret (base64url). The table holds the prefix and the
// SHA-256 of the secret: a random 256-bit secret needs no slow hash, nobody can guess one.
/** how every personal API key's token starts: a bearer without it is not a key (http/session.ts) */
export const API_KEY_TOKEN_START = 'ls_';
const TOKEN = /^ls_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;
/** last_used_at moves at most this often: a busy key does not write on every request. */
export const LAST_USED_EVERY_MS = 60_000;
/** Requests a key may make per minute (all routes together), counted in the shared rate_limits table. */
export const API_KEY_REQUESTS_PER_MINUTE = 120;
export const API_KEY_RATE_WINDOW_MS = 60_000;
export const apiKeyRateKey = (id: string) => `apikey:${id}`;

export type ApiKeyCaller = { id: string; scopes: ApiKeyScope[] };

function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes as ApiKeyScopeName[],
    prefix: `ls_${row.prefix}`,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

/** The password check of a credential change (auth.service.ts `reauthenticate`), passed in by app.ts. */
export type Reauthenticate = (user: UserRow, password: string | undefined) => Promise<void>;

const DAY_MS = 86_400_000;

/** Who made a key change, for the security log: the address (stored coarsened) and a device label. */
export type KeyClient = { ip: string; device: string | null };

export function createApiKeysService(
  deps: Pick<AppDeps, 'db'> & Partial<Pick<AppDeps, 'mailer' | 'config'>>,
  reauthenticate?: Reauthenticate,
) {
  const repo = createApiKeysRepository(deps.db);
  const limits = createRateLimiter(deps.db);

  /** reauthenticate names the field `currentPassword`; this form's field is `password`. */
  async function checkPassword(user: UserRow, password: string) {
    if (!reauthenticate) throw new Error('api keys: creating a key needs the password check');
    try {
      await reauthenticate(user, password);
    } catch (err) {
      if (err instanceof AppError && err.fields?.currentPassword)
        throw new AppError(err.status, err.code, err.message, { password: err.fields.currentPassword });
      throw err;
    }
  }

  /** A security notice, not a notification: it cannot be switched off (issue 40, finding 2). */
  async function mailCreated(user: UserRow, key: ApiKey) {
    if (!deps.mailer || !deps.config) return;
    const scopes = key.scopes.join(' and ');
    const until = key.expiresAt ? `until ${new Date(key.expiresAt).toUTCString()}` : 'with no expiry';
    const link = `${deps.config.publicUrl}/settings?tab=api-keys`;
    const text = [
      `Hi ${user.username},`,
      '',
      `A personal API key named "${key.name}" (${key.prefix}…, scopes: ${scopes}) was created for your LoRA Studio account. It works ${until}.`,
      '',
      `If this was not you, revoke it in Settings → API keys (${link}) and change your password: a new password revokes every API key.`,
    ].join('\n');
    const esc = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    const html = text
      .split('\n\n')
      .map((p) => `<p>${esc(p).replace(/\n/g, '<br>')}</p>`)
      .join('');
    await deps.mailer.send({
      to: user.email,
      subject: 'A new API key was created for your LoRA Studio account',
      text,
      html,
    });
  }

  return {
    async list(user: UserRow) {
      return { apiKeys: (await repo.live(user.id, MAX_API_KEYS)).map(toApiKey) };
    },

    /**
     * Asks for the current password, mails the owner (issue 40, finding 2) and writes the security
     * log in the key's own transaction.
     */
    async create(
      user: UserRow,
      input: {
        name: string;
        scopes: ApiKeyScopeName[];
        expiresInDays: ApiKeyExpiryDays | null;
        password: string;
      },
      client: KeyClient,
    ) {
      await checkPassword(user, input.password);
      const expiresAt = input.expiresInDays ? new Date(Date.now() + input.expiresInDays * DAY_MS) : null;
      const prefix = randomBytes(8).toString('hex');
      const secret = randomBytes(32).toString('base64url');
      const row = await deps.db.transaction(async (tx) => {
        const r = createApiKeysRepository(tx);
        await r.lockUser(user.id);
        if ((await r.countLive(user.id)) >= MAX_API_KEYS)
          throw new AppError(409, 'CONFLICT', API_KEY_TEXTS.tooMany);
        const inserted = await r.insert({
          userId: user.id,
          name: input.name,
          scopes: input.scopes,
          prefix,
          secretHash: sha256(secret),
          expiresAt,
        });
        await recordSecurityEvent(tx, {
          userId: user.id,
          kind: 'api_key_created',
          detail: { name: input.name },
          ...client,
        });
        return inserted;
      });
      const created = toApiKey(row);
      await mailCreated(user, created);
      return { apiKey: { ...created, token: `ls_${prefix}_${secret}` } };
    },

    async revoke(user: UserRow, id: string, client: KeyClient) {
      await deps.db.transaction(async (tx) => {
        const revoked = await createApiKeysRepository(tx).revoke(user.id, id);
        if (!revoked) throw notFound(API_KEY_TEXTS.notFound);
        await recordSecurityEvent(tx, {
          userId: user.id,
          kind: 'api_key_revoked',
          detail: { name: revoked.name },
          ...client,
        });
      });
      return { success: true };
    },

    /**
     * The caller behind a bearer token, checked against the route's scope, rate-limited per key.
     * Read from the database on every request (no cache), so a revoked key stops at once.
     */
    async authenticate(token: string, scope: ApiKeyScope | undefined) {
      const m = TOKEN.exec(token);
      const found = m ? await repo.byPrefix(m[1]!) : undefined;
      if (
        !m ||
        !found ||
        !safeEqual(found.key.secretHash, sha256(m[2]!)) ||
        found.key.revokedAt ||
        found.user.status !== 'active' ||
        found.user.deletedAt
      )
        throw unauthorized(API_KEY_TEXTS.invalid);
      if (found.key.expiresAt && found.key.expiresAt.getTime() <= Date.now())
        throw unauthorized(API_KEY_TEXTS.expired);
      if (!scope) throw forbidden(API_KEY_TEXTS.routeClosed);
      const scopes = found.key.scopes as ApiKeyScope[];
      if (!scopes.includes(scope)) throw forbidden(API_KEY_TEXTS.missingScope(scope));
      await limits
        .owned(found.user.id)
        .enforce(
          apiKeyRateKey(found.key.id),
          API_KEY_RATE_WINDOW_MS,
          API_KEY_REQUESTS_PER_MINUTE,
          API_KEY_TEXTS.rateLimited,
        );
      const last = found.key.lastUsedAt?.getTime() ?? 0;
      if (Date.now() - last >= LAST_USED_EVERY_MS) await repo.touch(found.key.id, LAST_USED_EVERY_MS);
      // The key's principal is a plain user whatever the owner's role (security review, issue 40):
      // built here, once, so no route can hand an admin's key the admin's reads or files.
      const user: UserRow = { ...found.user, isAdmin: false };
      return { user, apiKey: { id: found.key.id, scopes } satisfies ApiKeyCaller };
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
