import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_TEXTS } from '../../../shared/schemas/api-keys';
import { apiKeys, mailOutbox } from '../../db/schema/index';
import { makeKey, withKey } from '../../test/api-key-helpers';
import { createHarness, type Harness } from '../../test/harness';

// Making a key (docs/decisions/039-api-keys-and-openapi.md): what a stolen session cannot do, the
// owner's notice, the expiry. What a key may reach once made: api-keys.routes.test.ts.

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

async function user() {
  const c = h.client();
  const u = await c.register();
  return { c, u };
}

// Issue 40, findings 2 and 3; issue 45, N7. Each test sends what an attacker would.
describe('creating a key asks for the password, mails a notice, and sets an expiry', () => {
  it('a stolen session alone cannot mint a key: no password or a wrong one → 400, nothing made', async () => {
    const { c, u } = await user();
    const none = await c.post('/api/user/api-keys', { name: 'thief', scopes: ['read'] });
    expect(none.statusCode).toBe(400);
    expect(none.json().fields.password).toBe(API_KEY_TEXTS.passwordRequired);
    const wrong = await c.post('/api/user/api-keys', {
      name: 'thief',
      scopes: ['read'],
      password: 'guess-1',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'INVALID_PASSWORD',
      fields: { password: 'Current password is incorrect' },
    });
    expect(await h.deps.db.select().from(apiKeys).where(eq(apiKeys.userId, u.id))).toEqual([]);
  });

  it('mails the owner about every new key, never with its token', async () => {
    const { c, u } = await user();
    const key = await makeKey(c, ['read', 'generate'], 'Build server');
    const mails = await h.deps.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, `${u.username}@example.com`));
    const notice = mails.find((m) => m.subject === 'A new API key was created for your LoRA Studio account');
    expect(notice?.text).toContain('"Build server"');
    expect(notice?.text).toContain('read and generate');
    expect(notice?.text).toContain('revokes every API key');
    expect(notice?.text).not.toContain(key.token.slice(20));
  });

  it('expires after 90 days unless the owner picks 30, 365 or none', async () => {
    const { c } = await user();
    const days = (k: { expiresAt: string | null }) =>
      k.expiresAt === null ? null : Math.round((Date.parse(k.expiresAt) - Date.now()) / 86_400_000);
    expect(days(await makeKey(c, ['read'], 'default'))).toBe(90);
    expect(days(await makeKey(c, ['read'], 'month', { expiresInDays: 30 }))).toBe(30);
    expect(days(await makeKey(c, ['read'], 'year', { expiresInDays: 365 }))).toBe(365);
    expect(await makeKey(c, ['read'], 'forever', { expiresInDays: null })).toMatchObject({ expiresAt: null });
    const listed = (await c.get('/api/user/api-keys')).json().apiKeys as {
      name: string;
      expiresAt: string;
    }[];
    expect(listed.find((k) => k.name === 'forever')?.expiresAt).toBeNull();
    expect(days(listed.find((k) => k.name === 'month')!)).toBe(30);
  });

  it('is refused with 401 once expired', async () => {
    const { c } = await user();
    const key = await makeKey(c, ['read'], 'short', { expiresInDays: 30 });
    expect((await withKey(h, key.token, 'GET', '/api/models')).statusCode).toBe(200);
    await h.deps.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, key.id));
    const res = await withKey(h, key.token, 'GET', '/api/models');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(API_KEY_TEXTS.expired);
  });
});
