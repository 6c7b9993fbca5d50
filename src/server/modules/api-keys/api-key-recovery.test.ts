import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_TEXTS } from '../../../shared/schemas/api-keys';
import { apiKeys, generatedImages, mailOutbox } from '../../db/schema/index';
import { generatedImageKeys } from '../../storage/keys';
import { readyModel } from '../../test/generation-helpers';
import { makeKey, REGISTERED_PASSWORD, withKey } from '../../test/api-key-helpers';
import { ADMIN, createHarness, type Harness } from '../../test/harness';
import { until } from '../../test/until';

// Security review (issue 40, findings 2 and 3) and the walk (issue 45, N7), each test sent as an
// attacker sends it: a key made by someone who had the account must stop when the owner takes it
// back; an admin's key is a plain user's; the file URLs of a key's answers open for that key only.

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const PASSWORD = REGISTERED_PASSWORD;

async function user() {
  const c = h.client();
  const u = await c.register();
  return { c, u };
}

describe("a key does not outlive the owner's recovery of the account", () => {
  async function keyed() {
    const { c, u } = await user();
    const key = await makeKey(c, ['read', 'generate'], 'taker');
    expect((await withKey(h, key.token, 'GET', '/api/models')).statusCode).toBe(200);
    return { c, u, key };
  }
  const refused = async (token: string) => (await withKey(h, token, 'GET', '/api/models')).statusCode;

  it('a password change revokes every key', async () => {
    const { c, key } = await keyed();
    const other = await makeKey(c, ['read'], 'second');
    const res = await c.post('/api/user/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'Quiet-Orchard-77',
    });
    expect(res.statusCode).toBe(200);
    expect(await refused(key.token)).toBe(401);
    expect(await refused(other.token)).toBe(401);
    expect((await c.get('/api/user/api-keys')).json().apiKeys).toEqual([]);
  });

  it('a password reset by e-mailed link revokes every key, and its mail says so', async () => {
    const { u, key } = await keyed();
    expect(
      (await h.client().post('/api/auth/forgot-password', { usernameOrEmail: `${u.username}@example.com` }))
        .statusCode,
    ).toBe(200);
    const mail = await until(async () =>
      (
        await h.deps.db
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.to, `${u.username}@example.com`))
      ).find((m) => m.subject.includes('Reset')),
    );
    expect(mail.text).toContain('revokes every personal API key');
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    const reset = await h
      .client()
      .post('/api/auth/reset-password-token', { token, newPassword: 'Quiet-Orchard-77' });
    expect(reset.statusCode).toBe(200);
    expect(await refused(key.token)).toBe(401);
  });

  it("an admin's password reset revokes every key", async () => {
    const { u, key } = await keyed();
    const admin = await h.admin();
    const res = await admin.post('/api/auth/reset-password', {
      username: u.username,
      newPassword: 'Quiet-Orchard-77',
    });
    expect(res.statusCode).toBe(200);
    expect(await refused(key.token)).toBe(401);
  });

  it('"sign out everywhere" revokes every key', async () => {
    const { c, key } = await keyed();
    expect((await c.post('/api/auth/sessions/revoke-all')).statusCode).toBe(200);
    expect(await refused(key.token)).toBe(401);
    // this device stays signed in
    expect((await c.get('/api/user/api-keys')).statusCode).toBe(200);
  });

  it('a suspension revokes every key, and lifting it brings none back', async () => {
    const { u, key } = await keyed();
    const admin = await h.admin();
    const set = (status: string) => admin.post('/api/admin/users/set-status', { userId: u.id, status });
    expect((await set('suspended')).statusCode).toBe(200);
    expect(await refused(key.token)).toBe(401);
    expect((await set('active')).statusCode).toBe(200);
    expect(await refused(key.token)).toBe(401);
  });

  it('a deletion request revokes every key', async () => {
    const { c, u, key } = await keyed();
    const res = await c.inject({
      method: 'DELETE',
      url: '/api/user/account',
      payload: { password: PASSWORD },
    });
    expect(res.statusCode).toBeLessThan(300);
    expect(await refused(key.token)).toBe(401);
    const [row] = await h.deps.db.select().from(apiKeys).where(eq(apiKeys.userId, u.id));
    // revoked at the request, not only refused while the account goes
    if (row) expect(row.revokedAt).not.toBeNull();
  });
});

describe("an admin's key is a plain user's", () => {
  it("gets 404 on another user's model and training status, and on their files", async () => {
    const b = await user();
    const theirs = await readyModel(h.deps, b.u.id, { name: 'Not the admin’s' });
    const admin = await h.admin();
    // the admin's session reads it (admin support tooling)…
    expect((await admin.get(`/api/models/${theirs.id}`)).statusCode).toBe(200);
    // …the admin's key does not
    const key = await makeKey(admin, ['read'], 'admin reader', { password: ADMIN.password });
    expect((await withKey(h, key.token, 'GET', `/api/models/${theirs.id}`)).statusCode).toBe(404);
    expect((await withKey(h, key.token, 'GET', `/api/models/${theirs.id}/training-status`)).statusCode).toBe(
      404,
    );
    const file = `u/${b.u.id}/images/${crypto.randomUUID()}.jpg`;
    await h.deps.storage.put(file, Buffer.from('jpeg'), 'image/jpeg');
    expect((await admin.get(`/files/${file}`)).statusCode).toBe(200);
    expect((await withKey(h, key.token, 'GET', `/files/${file}`)).statusCode).toBe(404);
  });
});

describe('file URLs in a key’s answers open for the key', () => {
  it("fetches its own gallery's imageUrl; refusals say why, another owner's file stays a 404", async () => {
    const a = await user();
    const b = await user();
    const id = crypto.randomUUID();
    const keys = generatedImageKeys(a.u.id, id);
    await h.deps.storage.put(keys.original, Buffer.from('jpeg-bytes'), 'image/jpeg');
    await h.deps.db.insert(generatedImages).values({
      id,
      userId: a.u.id,
      prompt: 'a lighthouse',
      width: 512,
      height: 512,
      seed: 1,
      storageKey: keys.original,
    });
    const reader = await makeKey(a.c, ['read'], 'reader');
    const gallery = await withKey(h, reader.token, 'GET', '/api/generated-images');
    expect(gallery.statusCode).toBe(200);
    const image = (gallery.json().images as { id: string; imageUrl: string }[]).find((i) => i.id === id)!;
    const url = new URL(image.imageUrl, h.config.publicUrl);
    const fetched = await withKey(h, reader.token, 'GET', `${url.pathname}${url.search}`);
    expect(fetched.statusCode).toBe(200);
    expect(fetched.body).toBe('jpeg-bytes');
    // no credentials: 401, not a 404 that reads like a broken link
    expect((await h.client().get(`/files/${keys.original}`)).statusCode).toBe(401);
    // a key without the read scope: 403 naming it
    const gen = await makeKey(a.c, ['generate'], 'generator');
    const noScope = await withKey(h, gen.token, 'GET', `/files/${keys.original}`);
    expect(noScope.statusCode).toBe(403);
    expect(noScope.json().message).toBe(API_KEY_TEXTS.missingScope('read'));
    // a revoked key: 401
    await a.c.del(`/api/user/api-keys/${reader.id}`);
    expect((await withKey(h, reader.token, 'GET', `/files/${keys.original}`)).statusCode).toBe(401);
    // someone else's key: the same 404 as a file that does not exist
    const bKey = await makeKey(b.c, ['read'], 'stranger');
    const other = await withKey(h, bKey.token, 'GET', `/files/${keys.original}`);
    const missing = await withKey(
      h,
      bKey.token,
      'GET',
      `/files/u/${a.u.id}/images/${crypto.randomUUID()}.jpg`,
    );
    expect(other.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(other.json()).toEqual(missing.json());
  });
});
