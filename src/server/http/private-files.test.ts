import fastifyCookie from '@fastify/cookie';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purposeKey } from '../lib/keys';
import { createUrlSigner } from '../storage/signed-url';
import { createHarness, type Harness } from '../test/harness';
import { modelWithPhotos } from '../test/training-helpers';
import { PRIVATE_FILE_MAX_AGE_S } from './files';

// Issue 28, point 6: private files were cacheable for an hour, photos of people included, and one
// secret signed both the session cookies and the file URLs.
let h: Harness;
beforeAll(async () => {
  h = await createHarness({}, { startQueue: false });
});
afterAll(async () => {
  await h?.close();
});

describe('private files', () => {
  it('are never stored when they are photos of people, and cached briefly otherwise', async () => {
    const owner = h.client();
    const u = await owner.register('cache_owner');
    const id = await modelWithPhotos(owner, 5, 3);
    const model = (await owner.get(`/api/models/${id}`)).json();
    for (const url of [model.trainingImages[0].previewImageUrl, model.trainingImages[0].imageUrl]) {
      const res = await owner.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('private, no-store');
    }
    const generated = `u/${u.id}/images/00000000-0000-4000-8000-000000000001.jpg`;
    await h.deps.storage.put(generated, Buffer.from('jpeg'), 'image/jpeg');
    const image = await owner.get(`/files/${generated}`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['cache-control']).toBe(`private, max-age=${PRIVATE_FILE_MAX_AGE_S}`);
    expect(PRIVATE_FILE_MAX_AGE_S).toBeLessThanOrEqual(600);
    // a byte range of a photo is not stored either
    const ranged = await owner.inject({
      method: 'GET',
      url: model.trainingImages[0].imageUrl,
      headers: { range: 'bytes=0-9' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['cache-control']).toBe('private, no-store');
  });
});

describe('one key per purpose', () => {
  it('a file URL signed with the session secret itself, or with the cookie key, opens nothing', async () => {
    const owner = h.client();
    const u = await owner.register('sig_owner');
    const key = `u/${u.id}/models/x/lora.safetensors`;
    await h.deps.storage.put(key, Buffer.from('weights'), 'application/octet-stream');
    const path = (url: string) => url.slice(h.config.publicUrl.length);
    expect((await h.client().get(path(h.deps.signer.sign(key, 60)))).statusCode).toBe(200);
    for (const secret of [h.config.sessionSecret, purposeKey(h.config.sessionSecret, 'cookies')]) {
      const forged = createUrlSigner({ secret, publicUrl: h.config.publicUrl });
      // a signature that does not verify: refused, and said so (issue 45, N7)
      expect((await h.client().get(path(forged.sign(key, 60)))).statusCode).toBe(403);
    }
    const keys = (['cookies', 'file-urls', 'device-credential'] as const).map((p) =>
      purposeKey(h.config.sessionSecret, p),
    );
    expect(new Set([...keys, h.config.sessionSecret]).size).toBe(4);
  });

  it('a session cookie signed with the session secret itself is not a session', async () => {
    const owner = h.client();
    await owner.register('cookie_owner');
    const signed = owner.cookie!.slice('sid='.length);
    const token = h.app.unsignCookie(decodeURIComponent(signed));
    expect(token.valid).toBe(true);
    expect((await owner.get('/api/auth/user')).statusCode).toBe(200);
    // the same session token, signed the way cookies were signed before issue 28
    const raw = Fastify();
    await raw.register(fastifyCookie, { secret: h.config.sessionSecret });
    await raw.ready();
    const old = raw.signCookie(token.value!);
    await raw.close();
    const res = await h.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      cookies: { sid: old },
    });
    expect(res.statusCode).toBe(401);
  });
});
