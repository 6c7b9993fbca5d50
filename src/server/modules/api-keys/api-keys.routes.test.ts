import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allDescriptors } from '../../../shared/api/all';
import { API_KEY_TEXTS, MAX_API_KEYS } from '../../../shared/schemas/api-keys';
import { apiKeys, rateLimits, transactions, users } from '../../db/schema/index';
import { catalog, giveTokens, readyModel } from '../../test/generation-helpers';
import { makeKey, REGISTERED_PASSWORD, withKey, type Method } from '../../test/api-key-helpers';
import { ADMIN, createHarness, type Harness } from '../../test/harness';
import { API_KEY_REQUESTS_PER_MINUTE, apiKeyRateKey } from './api-keys.service';

// Issue 26 part 2: personal API keys (docs/decisions/039-api-keys-and-openapi.md).

let h: Harness;
let cat: Awaited<ReturnType<typeof catalog>>;
beforeAll(async () => {
  h = await createHarness();
  cat = await catalog(h.deps);
});
afterAll(async () => {
  await h?.close();
});

async function user(tokens = 0) {
  const c = h.client();
  const u = await c.register();
  if (tokens) await giveTokens(h.deps, u.id, tokens);
  return { c, u };
}

const PASSWORD = REGISTERED_PASSWORD;

const matches = (pattern: string, url: string) =>
  new RegExp(`^${pattern.replace(/:[A-Za-z]+/g, '[^/]+')}$`).test(url);

const genBody = {
  prompt: 'a lighthouse at sunset',
  baseModelId: '',
  modelId: null,
  styleId: null,
  count: 1,
  width: 512,
  height: 512,
  hdEnabled: false,
  loraStrength: 1,
};

describe('managing keys (session only)', () => {
  it('shows the token once and stores only its prefix and a hash', async () => {
    const { c, u } = await user();
    const key = await makeKey(c, ['generate', 'read', 'read'], '  CI runner ');
    expect(key).toMatchObject({ name: 'CI runner', scopes: ['read', 'generate'] });
    expect(key.token).toMatch(/^ls_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    const list = await c.get('/api/user/api-keys');
    expect(list.statusCode).toBe(200);
    const listed = list.json().apiKeys;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ id: key.id, lastUsedAt: null, prefix: key.token.slice(0, 19) });
    expect(list.body).not.toContain(key.token.slice(20));
    // the table holds no plaintext: no column of the row contains the token or its secret
    const rows = await h.deps.db.select().from(apiKeys).where(eq(apiKeys.userId, u.id));
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(key.token);
    expect(stored).not.toContain(key.token.slice(20));
  });

  it('refuses hostile input with 400 and a clear message', async () => {
    const { c } = await user();
    for (const [body, field] of [
      [{ name: '', scopes: ['read'] }, API_KEY_TEXTS.nameRequired],
      [{ name: 'x', scopes: [] }, API_KEY_TEXTS.scopesRequired],
      [{ name: 'x', scopes: ['admin'] }, 'Unknown scope'],
      [{ name: 'x'.repeat(61), scopes: ['read'] }, API_KEY_TEXTS.nameTooLong],
      [{ name: 'a\u0000b', scopes: ['read'] }, 'control characters'],
      [{ name: 'x', scopes: ['read'], expiresInDays: 7 }, API_KEY_TEXTS.expiryInvalid],
      [{ name: 'x', scopes: ['read'], expiresInDays: '90' }, API_KEY_TEXTS.expiryInvalid],
    ] as const) {
      const res = await c.post('/api/user/api-keys', { password: PASSWORD, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toContain(field);
    }
  });

  it(`holds at most ${MAX_API_KEYS} live keys per person`, async () => {
    const { c } = await user();
    const made = [];
    for (let i = 0; i < MAX_API_KEYS; i++) made.push(await makeKey(c, ['read'], `k${i}`));
    const over = await c.post('/api/user/api-keys', {
      name: 'one more',
      scopes: ['read'],
      password: PASSWORD,
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(API_KEY_TEXTS.tooMany);
    expect((await c.del(`/api/user/api-keys/${made[0]!.id}`)).statusCode).toBe(200);
    expect(
      (await c.post('/api/user/api-keys', { name: 'again', scopes: ['read'], password: PASSWORD }))
        .statusCode,
    ).toBe(201);
  });

  it("revokes only one's own keys, and the owner's security log names the key made and revoked", async () => {
    const a = await user();
    const b = await user();
    const key = await makeKey(b.c, ['read'], 'ci deploy');
    expect((await a.c.del(`/api/user/api-keys/${key.id}`)).statusCode).toBe(404);
    expect((await withKey(h, key.token, 'GET', '/api/models')).statusCode).toBe(200);
    expect((await h.client().del(`/api/user/api-keys/${key.id}`)).statusCode).toBe(401);

    expect((await b.c.del(`/api/user/api-keys/${key.id}`)).statusCode).toBe(200);
    const events = (await b.c.get('/api/user/security-activity')).json().events as {
      kind: string;
      detail: Record<string, string> | null;
    }[];
    expect(events.slice(0, 2)).toEqual([
      expect.objectContaining({ kind: 'api_key_revoked', detail: { name: 'ci deploy' } }),
      expect.objectContaining({ kind: 'api_key_created', detail: { name: 'ci deploy' } }),
    ]);
    expect((await a.c.get('/api/user/security-activity')).json().events).toEqual([]);
  });
});

describe('Authorization: Bearer', () => {
  it("reads the owner's models and gallery, never another user's", async () => {
    const a = await user();
    const b = await user();
    const mine = await readyModel(h.deps, a.u.id, { name: 'Mine' });
    const theirs = await readyModel(h.deps, b.u.id, { name: 'Theirs' });
    const key = await makeKey(a.c, ['read']);
    const list = await withKey(h, key.token, 'GET', '/api/models');
    expect(list.statusCode).toBe(200);
    const ids = JSON.stringify(list.json());
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect((await withKey(h, key.token, 'GET', `/api/models/${mine.id}`)).statusCode).toBe(200);
    expect((await withKey(h, key.token, 'GET', `/api/models/${theirs.id}`)).statusCode).toBe(404);
    expect((await withKey(h, key.token, 'GET', '/api/generated-images')).statusCode).toBe(200);
    expect((await withKey(h, key.token, 'GET', '/api/base-models')).statusCode).toBe(200);
  });

  it('never reaches admin routes, payments, the account, settings, privacy or the keys themselves', async () => {
    const admin = await h.admin();
    const key = await makeKey(admin, ['read', 'generate'], 'admin script', { password: ADMIN.password });
    const refused: [string, Method, string, unknown?][] = [
      ['admin stats', 'GET', '/api/admin/stats'],
      ['admin users', 'GET', '/api/admin/users'],
      [
        'a user model status (admin)',
        'POST',
        `/api/models/${crypto.randomUUID()}/status`,
        { status: 'uploaded' },
      ],
      ['preset style edit (admin)', 'POST', '/api/preset-styles', {}],
      ['payment', 'POST', '/api/create-payment-intent', { packageId: crypto.randomUUID() }],
      ['purchase', 'POST', '/api/purchase-tokens', {}],
      ['transactions', 'GET', '/api/transactions'],
      ['profile', 'PATCH', '/api/user/profile', { username: 'taken_over' }],
      ['privacy change', 'PUT', '/api/user/privacy', {}],
      ['data export', 'POST', '/api/user/exports'],
      ['nsfw setting', 'POST', '/api/user/nsfw-settings', { enableNSFW: true }],
      ['privacy', 'GET', '/api/user/privacy'],
      ['account deletion', 'DELETE', '/api/user/account', { password: 'x' }],
      ['password', 'POST', '/api/user/change-password', { currentPassword: 'x', newPassword: 'y' }],
      ['sessions', 'GET', '/api/auth/sessions'],
      ['who am I', 'GET', '/api/auth/user'],
      ['logout', 'POST', '/api/auth/logout'],
      ['list keys', 'GET', '/api/user/api-keys'],
      ['create key', 'POST', '/api/user/api-keys', { name: 'x', scopes: ['read'], password: ADMIN.password }],
      ['delete image', 'DELETE', `/api/generated-images/${crypto.randomUUID()}`],
      ['new model', 'POST', '/api/models', { name: 'x' }],
    ];
    for (const [what, method, url, body] of refused) {
      expect(
        h.routes.some((r) => r.method === method && matches(r.url, url)),
        what,
      ).toBe(true);
      const res = await withKey(h, key.token, method, url, body);
      expect(res.statusCode, what).toBe(403);
      expect(res.json().message).toBe(API_KEY_TEXTS.routeClosed);
    }
  });

  it('is refused by every route whose descriptor names no scope, and no such scope sits on a closed area', async () => {
    const { c } = await user();
    const key = await makeKey(c, ['read', 'generate']);
    const open = allDescriptors().filter((d) => d.descriptor.apiKey);
    expect(open.map((d) => d.name).sort()).toEqual(
      [
        'generation.baseModels',
        'generation.generate',
        'generation.images',
        'models.detail',
        'models.list',
        'models.trainingStatus',
        'styles.detail',
        'styles.list',
      ].sort(),
    );
    for (const { descriptor } of open)
      expect(descriptor.path).not.toMatch(/^\/api\/(admin|user|auth|payments|webhooks)\/|payment|purchase/);
    for (const { name, descriptor } of allDescriptors().filter((d) => !d.descriptor.apiKey)) {
      const url = descriptor.path.replace(/:[A-Za-z]+/g, crypto.randomUUID());
      const res = await withKey(h, key.token, descriptor.method, url);
      expect(res.statusCode, name).toBe(403);
    }
  });

  it('a read key cannot generate; a generate key can, and its ledger row names the key', async () => {
    const { c, u } = await user(100);
    const read = await makeKey(c, ['read'], 'reader');
    const gen = await makeKey(c, ['generate'], 'generator');
    const body = { ...genBody, baseModelId: cat.schnell.id };
    const refused = await withKey(h, read.token, 'POST', '/api/generate-image', body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(API_KEY_TEXTS.missingScope('generate'));
    // and a generate-only key cannot read
    expect((await withKey(h, gen.token, 'GET', '/api/models')).statusCode).toBe(403);
    // no CSRF check for a key: a foreign Origin does not matter without a cookie
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/generate-image',
      headers: { authorization: `Bearer ${gen.token}`, origin: 'https://elsewhere.example' },
      payload: body,
    });
    expect([200, 202]).toContain(res.statusCode);
    const rows = await h.deps.db.select().from(transactions).where(eq(transactions.userId, u.id));
    const usage = rows.filter((r) => r.type === 'usage');
    expect(usage).toHaveLength(1);
    expect(usage[0]!.apiKeyId).toBe(gen.id);
    // the same request from the app's session names no key
    expect((await c.post('/api/generate-image', body)).statusCode).toBeLessThan(300);
    const after = await h.deps.db.select().from(transactions).where(eq(transactions.userId, u.id));
    expect(after.filter((r) => r.type === 'usage' && r.apiKeyId === null)).toHaveLength(1);
  });

  it('stops working the moment it is revoked', async () => {
    const { c } = await user();
    const key = await makeKey(c);
    // warm every cache on the way
    for (let i = 0; i < 3; i++)
      expect((await withKey(h, key.token, 'GET', '/api/models')).statusCode).toBe(200);
    expect((await c.del(`/api/user/api-keys/${key.id}`)).statusCode).toBe(200);
    const res = await withKey(h, key.token, 'GET', '/api/models');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(API_KEY_TEXTS.invalid);
    expect((await c.get('/api/user/api-keys')).json().apiKeys).toEqual([]);
  });

  it('stops working while its owner is suspended or being deleted', async () => {
    const { c, u } = await user();
    const key = await makeKey(c);
    await h.deps.db.update(users).set({ status: 'suspended' }).where(eq(users.id, u.id));
    expect((await withKey(h, key.token, 'GET', '/api/models')).statusCode).toBe(401);
    await h.deps.db.update(users).set({ status: 'active', deletedAt: new Date() }).where(eq(users.id, u.id));
    expect((await withKey(h, key.token, 'GET', '/api/models')).statusCode).toBe(401);
  });

  it('refuses unknown, malformed and tampered tokens with 401', async () => {
    const { c } = await user();
    const key = await makeKey(c);
    const tampered = key.token.slice(0, -1) + (key.token.endsWith('A') ? 'B' : 'A');
    for (const token of ['', 'nope', 'ls_0000000000000000_' + 'A'.repeat(43), tampered]) {
      const res = await h.app.inject({
        method: 'GET',
        url: '/api/models',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode, token).toBe(401);
    }
  });

  it("with a cookie and a key, the request is the key's alone", async () => {
    const a = await user();
    const b = await user();
    const bModel = await readyModel(h.deps, b.u.id, { name: 'B' });
    const key = await makeKey(b.c);
    const both = (method: Method, url: string, payload?: object) =>
      h.app.inject({
        method,
        url,
        headers: { cookie: a.c.cookie!, authorization: `Bearer ${key.token}` },
        ...(payload ? { payload } : {}),
      });
    const list = await both('GET', '/api/models');
    expect(list.statusCode).toBe(200);
    expect(JSON.stringify(list.json())).toContain(bModel.id);
    // the cookie's powers are not lent to the key's request
    expect((await both('GET', '/api/auth/user')).statusCode).toBe(403);
    expect((await both('PATCH', '/api/user/profile', { username: 'renamed_x' })).statusCode).toBe(403);
  });

  it('notes the last use at most once a minute', async () => {
    const { c } = await user();
    const key = await makeKey(c);
    await withKey(h, key.token, 'GET', '/api/models');
    const [first] = await h.deps.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(first!.lastUsedAt).not.toBeNull();
    await withKey(h, key.token, 'GET', '/api/models');
    const [second] = await h.deps.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(second!.lastUsedAt!.getTime()).toBe(first!.lastUsedAt!.getTime());
    const listed = (await c.get('/api/user/api-keys')).json().apiKeys[0];
    expect(listed.lastUsedAt).toBe(first!.lastUsedAt!.toISOString());
  });

  it('is rate-limited per key with 429 and Retry-After', async () => {
    const { c } = await user();
    const key = await makeKey(c);
    const other = await makeKey(c, ['read'], 'other');
    // the key's counter at its ceiling for this minute (the shared rate_limits table)
    await h.deps.db
      .insert(rateLimits)
      .values({ key: apiKeyRateKey(key.id), windowStart: new Date(), count: API_KEY_REQUESTS_PER_MINUTE });
    const res = await withKey(h, key.token, 'GET', '/api/models');
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json().message).toBe(API_KEY_TEXTS.rateLimited);
    // per key: the owner's other key is not slowed down
    expect((await withKey(h, other.token, 'GET', '/api/models')).statusCode).toBe(200);
  });
});
