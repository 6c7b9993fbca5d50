import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PHOTO_BYTES } from '../../../shared/constants';
import { PACK_TEXTS, type PackSample } from '../../../shared/schemas/packs';
import { createHarness, type Client, type Harness } from '../../test/harness';
import { giveTokens, readyModel } from '../../test/generation-helpers';
import { drainQueue, until } from '../../test/until';
import { chooseSamplePrompts } from './pack-samples';

// Issue 45 N5: a pack's cover pictures (drawn samples, an admin's upload) and a finished pack's album.
let h: Harness;
let admin: Client;

beforeAll(async () => {
  h = await createHarness();
  admin = await h.admin();
});
afterAll(async () => {
  await h?.close();
});

type Listed = { id: string; name: string; coverUrl: string | null; samples: PackSample[] | null };

async function user(tokens = 0) {
  const c = h.client();
  const u = await c.register();
  if (tokens) await giveTokens(h.deps, u.id, tokens);
  return { c, u };
}

/** The user's list once every listed pack's samples are drawn (the list itself asks for them). */
async function listDrawn(c: Client) {
  return until(
    async () => {
      const packs = (await c.get('/api/packs')).json().packs as Listed[];
      return packs.every((p) => p.samples !== null) ? packs : null;
    },
    'every pack to have its samples',
    30_000,
  );
}

async function multipart(file: Buffer) {
  const boundary = '----cover-test';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="c.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
async function png(width = 96, height = 72) {
  const sharp = (await import('sharp')).default;
  return sharp({ create: { width, height, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
}
const uploadCover = async (c: Client, file: Buffer) =>
  c.inject({ method: 'POST', url: '/api/admin/packs/cover', ...(await multipart(file)) });

const prompts = (n: number, extra: Record<string, unknown> = {}) =>
  Array.from({ length: n }, (_, i) => ({ prompt: `album prompt ${i}`, ...extra }));

describe('pack covers', () => {
  it('chooses one prompt of each style first, then the next ones, never an NSFW style', () => {
    const s = (id: string, isNsfw = false) => ({ id, isNsfw });
    const list = [
      { n: 0, style: s('a') },
      { n: 1, style: s('a') },
      { n: 2, style: null },
      { n: 3, style: s('nsfw', true) },
      { n: 4, style: s('b') },
      { n: 5, style: null },
    ];
    expect(chooseSamplePrompts(list).map((p) => p.n)).toEqual([0, 1, 2, 4]);
    expect(chooseSamplePrompts(list, 3).map((p) => p.n)).toEqual([0, 2, 4]);
    expect(chooseSamplePrompts([{ style: s('x', true) }])).toEqual([]);
  });

  it('every seeded pack shows four drawn samples of its styles, public and described', async () => {
    const { c } = await user();
    const packs = await listDrawn(c);
    const business = packs.find((p) => p.name === 'Business Headshots')!;
    // no silhouette stands in as a cover any more: the samples are the cover
    expect(business.coverUrl).toBeNull();
    expect(business.samples).toHaveLength(4);
    // the styled prompt comes first, the first unstyled one next
    expect(business.samples!.map((s) => s.style)).toEqual([
      'Professional Headshot',
      'Professional Headshot',
      'Professional Headshot',
      null,
    ]);
    expect(business.samples![0]!.prompt).toBe('corporate headshot, navy suit, neutral grey backdrop');
    for (const p of packs) expect(new Set(p.samples!.map((s) => s.url)).size).toBe(4);
    // covers are not personal data: anyone may load them, and browsers may keep them
    const picture = await h.client().get(business.samples![0]!.url);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toContain('image/webp');
    expect(picture.headers['cache-control']).toContain('public');
    const sharp = (await import('sharp')).default;
    expect(await sharp(picture.rawPayload).metadata()).toMatchObject({ width: 512, height: 384 });
  });

  it("a pack's new prompts get new samples; the ones no longer shown are deleted", async () => {
    const created = await admin.post('/api/admin/packs', { name: 'Sample pack', prompts: prompts(4) });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().pack.id as string;
    const drawn = async () =>
      until(
        async () => {
          const p = ((await admin.get('/api/admin/packs')).json().packs as Listed[]).find(
            (x) => x.id === id,
          )!;
          return p.samples && p.samples.length > 0 ? p.samples : null;
        },
        'the samples',
        30_000,
      );
    const first = await drawn();
    expect(first.map((s) => s.prompt)).toEqual(prompts(4).map((p) => p.prompt));

    const edited = await admin.put(`/api/admin/packs/${id}`, {
      name: 'Sample pack',
      prompts: [...prompts(3), { prompt: 'a brand new scene' }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await drainQueue(h.deps.db);
    const second = await drawn();
    expect(second.map((s) => s.prompt)).toEqual([...prompts(3).map((p) => p.prompt), 'a brand new scene']);
    // unchanged prompts keep their picture; the replaced one's file is gone
    expect(second.slice(0, 3).map((s) => s.url)).toEqual(first.slice(0, 3).map((s) => s.url));
    expect(second[3]!.url).not.toBe(first[3]!.url);
    expect((await admin.get(first[3]!.url)).statusCode).toBe(404);
    expect((await admin.get(second[3]!.url)).statusCode).toBe(200);
  });

  it('an admin uploads, replaces and removes a real cover; the upload is checked like any other', async () => {
    const { c } = await user();
    // only admins upload
    expect((await uploadCover(c, await png())).statusCode).toBe(403);
    expect((await uploadCover(h.client(), await png())).statusCode).toBe(401);
    // by content, not by the declared type
    const notImage = await uploadCover(admin, Buffer.from('GIF89a but not really'));
    expect(notImage.statusCode).toBe(415);
    expect(notImage.json().message).toBe('Please upload a JPEG, PNG or WebP image.');
    // and by size, as every upload (the photo limit)
    const huge = await uploadCover(admin, Buffer.alloc(MAX_PHOTO_BYTES + 1024, 1));
    expect(huge.statusCode).toBe(413);
    const empty = await admin.inject({
      method: 'POST',
      url: '/api/admin/packs/cover',
      ...(await multipart(Buffer.alloc(0))),
    });
    expect(empty.statusCode).toBe(400);

    const created = await admin.post('/api/admin/packs', { name: 'Covered pack', prompts: prompts(4) });
    const id = created.json().pack.id as string;
    const first = (await uploadCover(admin, await png())).json().coverUrl as string;
    const save = (coverUrl: string | null) =>
      admin.put(`/api/admin/packs/${id}`, { name: 'Covered pack', coverUrl, prompts: prompts(4) });
    expect((await save(first)).json().pack.coverUrl).toBe(first);
    const listed = async () =>
      ((await c.get('/api/packs')).json().packs as Listed[]).find((p) => p.id === id)!;
    expect((await listed()).coverUrl).toBe(first);

    // replaced: the old upload is deleted once the pack no longer points at it
    const second = (await uploadCover(admin, await png(64, 64))).json().coverUrl as string;
    expect((await save(second)).json().pack.coverUrl).toBe(second);
    await drainQueue(h.deps.db);
    expect((await c.get(first)).statusCode).toBe(404);
    expect((await c.get(second)).statusCode).toBe(200);

    // removed: the pack's samples are its cover again
    expect((await save(null)).json().pack.coverUrl).toBeNull();
    await drainQueue(h.deps.db);
    expect((await c.get(second)).statusCode).toBe(404);
    const after = await listed();
    expect(after.coverUrl).toBeNull();
    expect(after.samples).toHaveLength(4);
  });
});

describe("a pack's album", () => {
  it('is its owner\'s only: the photos in order, styles, dates; "Download all" zips them', async () => {
    const { c, u } = await user(500);
    const model = await readyModel(h.deps, u.id);
    const style = (await h.deps.db.query.presetStyles.findFirst({
      where: (t, { eq }) => eq(t.name, 'Oil Painting'),
    }))!;
    const created = await admin.post('/api/admin/packs', {
      name: 'Album pack',
      prompts: [...prompts(3), { prompt: 'styled one', styleId: style.id }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const packId = created.json().pack.id as string;
    const bought = await c.post(`/api/packs/${packId}/generate`, { modelId: model.id });
    expect(bought.statusCode, bought.body).toBe(202);
    const batchId = bought.json().batch.id as string;
    await until(
      async () => {
        const b = (await c.get(`/api/pack-batches/${batchId}`)).json().batch;
        return b.status === 'succeeded' ? b : null;
      },
      'the pack to finish',
      30_000,
    );

    const res = await c.get(`/api/pack-batches/${batchId}/album`);
    expect(res.statusCode, res.body).toBe(200);
    const album = res.json().album as {
      batch: { id: string; packName: string; status: string; total: number };
      completedAt: string | null;
      styles: string[];
      images: { id: string; prompt: string; imageUrl: string; styleName: string | null }[];
    };
    expect(album.batch).toMatchObject({ id: batchId, packName: 'Album pack', status: 'succeeded', total: 4 });
    expect(album.completedAt).not.toBeNull();
    expect(album.styles).toEqual([style.name]);
    expect(album.images.map((i) => i.prompt)).toEqual([...prompts(3).map((p) => p.prompt), 'styled one']);
    expect((await c.get(album.images[0]!.imageUrl)).statusCode).toBe(200);

    // the finish notification leads here
    const notes = (await c.get('/api/notifications')).json().notifications as { link: string }[];
    expect(notes.map((n) => n.link)).toContain(`/gallery/albums/${batchId}`);

    // anyone else: as if it did not exist; nobody signed in: 401
    const { c: stranger } = await user();
    const theirs = await stranger.get(`/api/pack-batches/${batchId}/album`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(PACK_TEXTS.albumNotFound);
    expect((await stranger.get(`/api/pack-batches/${crypto.randomUUID()}/album`)).statusCode).toBe(404);
    expect((await h.client().get(`/api/pack-batches/${batchId}/album`)).statusCode).toBe(401);
    expect((await c.get('/api/pack-batches/not-an-id/album')).statusCode).toBe(404);

    // "Download all": the existing zip, by album
    const zip = await c.inject({
      method: 'POST',
      url: '/api/generated-images/zip',
      payload: { packBatchId: batchId },
    });
    expect(zip.statusCode, zip.body).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const files = Object.keys(unzipSync(new Uint8Array(zip.rawPayload)));
    expect(files.filter((f) => f.startsWith('images/'))).toHaveLength(4);
    expect(files).toContain('manifest.json');
    const strangerZip = await stranger.inject({
      method: 'POST',
      url: '/api/generated-images/zip',
      payload: { packBatchId: batchId },
    });
    expect(strangerZip.statusCode).toBe(404);
    const both = await c.inject({
      method: 'POST',
      url: '/api/generated-images/zip',
      payload: { packBatchId: batchId, generationId: crypto.randomUUID() },
    });
    expect(both.statusCode).toBe(400);
  });
});
