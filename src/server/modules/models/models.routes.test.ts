import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Client, type Harness } from '../../test/harness';
import { makePhoto, multipartBody } from '../../test/photo-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

async function listFiles(dir: string): Promise<string[]> {
  try {
    const out: string[] = [];
    for (const e of await readdir(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) out.push(...(await listFiles(p)));
      else out.push(p);
    }
    return out;
  } catch {
    return [];
  }
}

const filesOf = (userId: string, modelId: string) =>
  listFiles(path.join(h.config.dataDir, 'files', 'u', userId, 'models', modelId));

async function upload(
  c: Client,
  modelId: string,
  files: { name: string; data: Buffer; type?: string; field?: string }[],
) {
  const { body, contentType } = multipartBody(files);
  return c.inject({
    method: 'POST',
    url: `/api/models/${modelId}/images`,
    payload: body,
    headers: { 'content-type': contentType },
  });
}

async function newModel(c: Client, name = 'My Portrait') {
  const res = await c.post('/api/models', { name, description: 'test', subjectConsent: true });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; userId: string; status: string };
}

describe('models: create and photos', () => {
  it('creates a model with the spec validation message', async () => {
    const c = h.client();
    await c.register();
    const bad = await c.post('/api/models', { name: 'ab' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Model name must be at least 3 characters');
    const m = await newModel(c);
    expect(m.status).toBe('pending');
    const list = await c.get('/api/models');
    expect(list.json()).toHaveLength(1);
  });

  it('uploads photos: re-encoded without metadata, oriented, thumbnails, pending → uploaded, preview set', async () => {
    const c = h.client();
    const user = await c.register();
    const m = await newModel(c);
    // a portrait photo stored sideways with EXIF orientation 6 and GPS-like metadata
    const rotated = await sharp(await makePhoto(1, { size: 400 }))
      .resize(400, 300, { fit: 'fill' })
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret-owner', Artist: 'someone' } } })
      .jpeg()
      .toBuffer();
    const res = await upload(c, m.id, [
      { name: 'a.jpg', data: rotated },
      { name: 'b.png', data: await makePhoto(2, { format: 'png' }), type: 'image/png' },
      { name: 'c.webp', data: await makePhoto(3, { format: 'webp' }), type: 'image/webp' },
    ]);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.uploaded).toBe(3);
    expect(body.model.status).toBe('uploaded');
    expect(body.model.previewImageUrl).toMatch(/thumbs\/.+\.webp$/);
    const first = body.model.trainingImages[0];
    const stored = await c.get(first.imageUrl);
    expect(stored.statusCode).toBe(200);
    const meta = await sharp(stored.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    // orientation applied: 400×300 rotated by 90° is 300×400
    expect([meta.width, meta.height]).toEqual([300, 400]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(stored.rawPayload.includes(Buffer.from('secret-owner'))).toBe(false);
    const thumb = await c.get(first.previewImageUrl);
    expect((await sharp(thumb.rawPayload).metadata()).format).toBe('webp');
    expect((await filesOf(user.id, m.id)).length).toBe(6);
    // another user cannot read the photo
    const other = h.client();
    await other.register();
    expect((await other.get(first.imageUrl)).statusCode).toBe(404);
  });

  it("refuses a text file named .jpg (415), a 12 MB file (413), a near-duplicate, someone else's model (404); stores nothing", async () => {
    const c = h.client();
    const user = await c.register();
    const m = await newModel(c);
    const good = await makePhoto(10);

    const text = await upload(c, m.id, [
      { name: 'ok.jpg', data: good },
      { name: 'notes.jpg', data: Buffer.from('hello, I am not an image at all'.repeat(20)) },
    ]);
    expect(text.statusCode).toBe(415);
    expect(text.json().error).toBe(
      'File notes.jpg has an invalid format. Supported formats: JPG, PNG, WebP.',
    );

    const big = Buffer.concat([good, Buffer.alloc(12 * 1024 * 1024, 7)]);
    const large = await upload(c, m.id, [{ name: 'huge.jpg', data: big }]);
    expect(large.statusCode).toBe(413);
    expect(large.json().error).toBe('File huge.jpg is too large. Maximum size is 10MB.');

    const gif = await upload(c, m.id, [
      { name: 'anim.gif', data: await sharp(good).gif().toBuffer(), type: 'image/gif' },
    ]);
    expect(gif.statusCode).toBe(415);

    const dup = await upload(c, m.id, [
      { name: 'one.jpg', data: good },
      { name: 'two.jpg', data: await sharp(good).resize(500, 500).jpeg({ quality: 60 }).toBuffer() },
    ]);
    expect(dup.statusCode).toBe(400);
    expect(dup.json().code).toBe('DUPLICATE_IMAGE');
    expect(dup.json().error).toContain('two.jpg');

    const stranger = h.client();
    await stranger.register();
    const foreign = await upload(stranger, m.id, [{ name: 'x.jpg', data: good }]);
    expect(foreign.statusCode).toBe(404);
    expect((await stranger.get(`/api/models/${m.id}`)).statusCode).toBe(404);
    // an admin reads the model but may not add photos to it
    const admin = await h.admin();
    expect((await admin.get(`/api/models/${m.id}`)).statusCode).toBe(200);
    const byAdmin = await upload(admin, m.id, [{ name: 'x.jpg', data: good }]);
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().error).toBe('Only the owner of this model can add images.');

    const none = await upload(c, m.id, []);
    expect(none.statusCode).toBe(400);

    const rows = await h.deps.db.query.trainingImages.findMany({ where: (t, { eq }) => eq(t.modelId, m.id) });
    expect(rows).toHaveLength(0);
    expect(await filesOf(user.id, m.id)).toEqual([]);
    expect((await c.get(`/api/models/${m.id}`)).json().status).toBe('pending');
  });

  it('caps a model at 20 photos: a request that would exceed it is refused whole', async () => {
    const c = h.client();
    const user = await c.register();
    const m = await newModel(c);
    const photos = await Promise.all(Array.from({ length: 21 }, (_, i) => makePhoto(100 + i, { size: 320 })));
    const first = await upload(
      c,
      m.id,
      photos.slice(0, 18).map((data, i) => ({ name: `p${i}.jpg`, data })),
    );
    expect(first.statusCode).toBe(201);
    const over = await upload(
      c,
      m.id,
      photos.slice(18, 21).map((data, i) => ({ name: `q${i}.jpg`, data })),
    );
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      code: 'TOO_MANY_IMAGES',
      error: 'You can upload a maximum of 20 images. Please select fewer images.',
    });
    expect(
      (await h.deps.db.query.trainingImages.findMany({ where: (t, { eq }) => eq(t.modelId, m.id) })).length,
    ).toBe(18);
    expect((await filesOf(user.id, m.id)).length).toBe(36);
    const fill = await upload(
      c,
      m.id,
      photos.slice(18, 20).map((data, i) => ({ name: `r${i}.jpg`, data })),
    );
    expect(fill.statusCode).toBe(201);
    const twentyFirst = await upload(c, m.id, [{ name: 'last.jpg', data: photos[20] }]);
    expect(twentyFirst.statusCode).toBe(400);
    expect(twentyFirst.json().code).toBe('TOO_MANY_IMAGES');
    expect((await filesOf(user.id, m.id)).length).toBe(40);
  });

  it('refuses 21 files in one request with TOO_MANY_IMAGES', async () => {
    const c = h.client();
    await c.register();
    const m = await newModel(c);
    const photos = await Promise.all(Array.from({ length: 21 }, (_, i) => makePhoto(200 + i, { size: 200 })));
    const res = await upload(
      c,
      m.id,
      photos.map((data, i) => ({ name: `p${i}.jpg`, data })),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('TOO_MANY_IMAGES');
    expect(
      (await h.deps.db.query.trainingImages.findMany({ where: (t, { eq }) => eq(t.modelId, m.id) })).length,
    ).toBe(0);
  });

  it('refuses a decompression bomb', async () => {
    const c = h.client();
    await c.register();
    const m = await newModel(c);
    const bomb = await sharp({ create: { width: 12000, height: 12000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const res = await upload(c, m.id, [{ name: 'bomb.png', data: bomb, type: 'image/png' }]);
    expect([413, 415]).toContain(res.statusCode);
  });
});
