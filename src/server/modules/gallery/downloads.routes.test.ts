import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ZIP_IMAGES } from '../../../shared/constants';
import { ZIP_TEXTS } from '../../../shared/schemas/images';
import { generatedImages, generations } from '../../db/schema/index';
import { createRateLimiter } from '../../lib/rate-limiter';
import { generatedImageKeys } from '../../storage/keys';
import { catalog } from '../../test/generation-helpers';
import { createHarness, type Client, type Harness } from '../../test/harness';
import { until } from '../../test/until';
import { readZipStream, zipSafeNoise } from '../../test/zip-reader';
import { ZIP_LIMIT, ZIP_WINDOW_MS } from './downloads.service';

// Issue 25, part 2: downloads of one image and zips of many (docs/decisions/037-downloads-and-upscale.md).
let h: Harness;
let cat: Awaited<ReturnType<typeof catalog>>;
let jpeg: Buffer;
beforeAll(async () => {
  h = await createHarness({}, { startQueue: false });
  cat = await catalog(h.deps);
  jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer();
});
afterAll(async () => {
  // the real-connection tests leave keep-alive sockets open
  h?.app.server.closeAllConnections();
  await h?.close();
});

/** Images with their files, straight into the table and storage. */
async function seedImages(
  userId: string,
  n: number,
  opts: {
    data?: (i: number) => Buffer;
    over?: (i: number) => Partial<typeof generatedImages.$inferInsert>;
  } = {},
) {
  const rows = [];
  for (let i = 0; i < n; i++) {
    const id = randomUUID();
    const keys = generatedImageKeys(userId, id);
    await h.deps.storage.put(keys.original, opts.data?.(i) ?? jpeg, 'image/jpeg');
    rows.push({
      id,
      userId,
      baseModelId: cat.dev.id,
      prompt: `Picture number ${i}, a portrait in soft light`,
      width: 64,
      height: 64,
      seed: 1000 + i,
      tokensUsed: 15,
      storageKey: keys.original,
      thumbKey: keys.original,
      createdAt: new Date(Date.now() - (n - i) * 1000),
      ...opts.over?.(i),
    });
  }
  await h.deps.db.insert(generatedImages).values(rows);
  return rows;
}

/** Reads a zip from a stream, entry by entry (never whole): names, sizes, and the manifest's text. */
const readZip = (chunks: AsyncIterable<Uint8Array>) =>
  readZipStream(chunks, (name) => name.endsWith('.json'));

const zipOf = (c: Client, body: unknown) =>
  c.inject({ method: 'POST', url: '/api/generated-images/zip', payload: body as object });

describe('GET /api/generated-images/:id/download', () => {
  it('sends the full image under a readable, safe name in both filename= and filename*=', async () => {
    const c = h.client();
    const u = await c.register();
    const [img] = await seedImages(u.id, 1, {
      over: () => ({ prompt: 'Zoë at the café, "golden" hour; 50mm / f1.8' }),
    });
    const res = await c.get(`/api/generated-images/${img!.id}/download`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.rawPayload.equals(jpeg)).toBe(true);
    const short = img!.id.replace(/-/g, '').slice(0, 8);
    const name = `flux-1-dev-zoe-at-the-cafe-${short}.jpg`;
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${name}"; filename*=UTF-8''${name}`,
    );
    expect(name).toMatch(/^[a-z0-9-]+\.jpg$/);
  });

  it('keeps letters of other scripts in filename*= and an ASCII name in filename=', async () => {
    const c = h.client();
    const u = await c.register();
    const [img] = await seedImages(u.id, 1, { over: () => ({ prompt: '東京 の 夜景 night' }) });
    const res = await c.get(`/api/generated-images/${img!.id}/download`);
    const short = img!.id.replace(/-/g, '').slice(0, 8);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="flux-1-dev-night-${short}.jpg"; filename*=UTF-8''${encodeURIComponent(`flux-1-dev-東京-の-夜景-night-${short}.jpg`)}`,
    );
  });

  it('with NSFW off sends the blurred WebP of an NSFW image, named .webp', async () => {
    const c = h.client();
    const u = await c.register();
    const [img] = await seedImages(u.id, 1, { over: () => ({ isNsfw: true }) });
    const blurred = await sharp(jpeg).blur(10).webp().toBuffer();
    await h.deps.storage.put(generatedImageKeys(u.id, img!.id).blurred, blurred, 'image/webp');
    const res = await c.get(`/api/generated-images/${img!.id}/download`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.rawPayload.equals(blurred)).toBe(true);
    expect(res.headers['content-disposition']).toMatch(/filename="[a-z0-9-]+\.webp"/);
    // with NSFW on, the original (set through the API, which refreshes the signed-in user's cached
    // row at once; a direct UPDATE reaches the cache only by NOTIFY, later on PostgreSQL)
    expect((await c.post('/api/user/nsfw-settings', { enableNSFW: true })).statusCode).toBe(200);
    const shown = await c.get(`/api/generated-images/${img!.id}/download`);
    expect(shown.headers['content-type']).toBe('image/jpeg');
  });

  it("refuses another user's image as not found", async () => {
    const owner = h.client();
    const o = await owner.register();
    const [img] = await seedImages(o.id, 1);
    const other = h.client();
    await other.register();
    expect((await other.get(`/api/generated-images/${img!.id}/download`)).statusCode).toBe(404);
    expect((await h.client().get(`/api/generated-images/${img!.id}/download`)).statusCode).toBe(401);
  });
});

describe('POST /api/generated-images/zip', () => {
  it('zips a generation with a manifest of each file, prompt and settings, named with the date', async () => {
    const c = h.client();
    const u = await c.register();
    const generationId = randomUUID();
    // a generation row for the images to belong to
    await h.deps.db.insert(generations).values({
      id: generationId,
      userId: u.id,
      status: 'succeeded',
      request: {},
      count: 3,
      costPerImage: 15,
      totalCost: 45,
    });
    const rows = await seedImages(u.id, 3, { over: () => ({ generationId }) });
    await seedImages(u.id, 2); // not of that generation
    const res = await zipOf(c, { generationId });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const day = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toContain(`filename="lora-studio-${day}.zip"`);
    const entries = await readZip(Readable.from([res.rawPayload]));
    const manifest = JSON.parse(entries.find((e) => e.name === 'manifest.json')!.text!);
    expect(manifest.count).toBe(3);
    expect(manifest.images.map((i: { id: string }) => i.id)).toEqual(rows.map((r) => r.id));
    expect(manifest.images[0]).toMatchObject({
      prompt: rows[0]!.prompt,
      width: 64,
      height: 64,
      seed: 1000,
      baseModel: 'FLUX.1 Dev',
      blurred: false,
    });
    const images = entries.filter((e) => e.name !== 'manifest.json');
    expect(images.map((e) => e.name)).toEqual(manifest.images.map((i: { file: string }) => i.file));
    for (const e of images) expect(e.bytes).toBe(jpeg.length);
  });

  it("refuses another user's ids (the whole zip), and a generation of someone else", async () => {
    const owner = h.client();
    const o = await owner.register();
    const [theirs] = await seedImages(o.id, 1);
    const c = h.client();
    const u = await c.register();
    const [mine] = await seedImages(u.id, 1);
    const res = await zipOf(c, { ids: [mine!.id, theirs!.id] });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(ZIP_TEXTS.notFound);
    expect((await zipOf(c, { generationId: randomUUID() })).statusCode).toBe(404);
  });

  it(`refuses more than ${MAX_ZIP_IMAGES} images with a clear message, and bodies that name nothing`, async () => {
    const c = h.client();
    await c.register();
    const ids = Array.from({ length: MAX_ZIP_IMAGES + 1 }, () => randomUUID());
    const res = await zipOf(c, { ids });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(ZIP_TEXTS.tooMany);
    expect((await zipOf(c, { ids: [] })).statusCode).toBe(400);
    expect((await zipOf(c, {})).statusCode).toBe(400);
    expect((await zipOf(c, { ids: [randomUUID()], generationId: randomUUID() })).statusCode).toBe(400);
    expect((await zipOf(c, { ids: ['../../etc/passwd'] })).statusCode).toBe(400);
  });

  it('puts the blurred WebP of an NSFW image in the zip when NSFW is off', async () => {
    const c = h.client();
    const u = await c.register();
    const [img] = await seedImages(u.id, 1, { over: () => ({ isNsfw: true }) });
    const blurred = await sharp(jpeg).blur(10).webp().toBuffer();
    await h.deps.storage.put(generatedImageKeys(u.id, img!.id).blurred, blurred, 'image/webp');
    const res = await zipOf(c, { ids: [img!.id] });
    const entries = await readZip(Readable.from([res.rawPayload]));
    const manifest = JSON.parse(entries.find((e) => e.name === 'manifest.json')!.text!);
    expect(manifest.images[0]).toMatchObject({ nsfw: true, blurred: true });
    expect(manifest.images[0].file).toMatch(/\.webp$/);
    expect(entries.find((e) => e.name === manifest.images[0].file)!.bytes).toBe(blurred.length);
  });

  it('accepts the gallery’s form POST (one `payload` field of JSON)', async () => {
    const c = h.client();
    const u = await c.register();
    const [img] = await seedImages(u.id, 1);
    const res = await c.inject({
      method: 'POST',
      url: '/api/generated-images/zip',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ payload: JSON.stringify({ ids: [img!.id] }) }).toString(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    // under `Referrer-Policy: no-referrer` a browser's form POST says `Origin: null`: its
    // Sec-Fetch-Site (which no page can set) decides; cross-site stays refused (http/csrf.ts)
    const form = (site: string) =>
      c.inject({
        method: 'POST',
        url: '/api/generated-images/zip',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: 'null',
          'sec-fetch-site': site,
        },
        payload: new URLSearchParams({ payload: JSON.stringify({ ids: [img!.id] }) }).toString(),
      });
    expect((await form('same-origin')).statusCode).toBe(200);
    expect((await form('cross-site')).statusCode).toBe(403);
    expect((await form('same-site')).statusCode).toBe(403);
  });

  it('is rate-limited: 429 with Retry-After', async () => {
    const c = h.client();
    const u = await c.register();
    const [img] = await seedImages(u.id, 1);
    const limiter = createRateLimiter(h.deps.db);
    for (let i = 0; i < ZIP_LIMIT; i++) await limiter.hit(`zip:user:${u.id}`, ZIP_WINDOW_MS);
    const res = await zipOf(c, { ids: [img!.id] });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('a 200-image zip over a real connection', () => {
  it('is streamed as it is read, its entries matching the manifest', async () => {
    const c = h.client();
    const u = await c.register();
    // incompressible 256 KiB "images": 50 MiB in all, more than the bound below by far
    const SIZE = 256 * 1024;
    const rows = await seedImages(u.id, 200, { data: () => zipSafeNoise(SIZE) });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (h.app.server.address() as AddressInfo).port;
    // Streamed, read as sent: when the first bytes arrive the server has read only what the socket's
    // buffers hold ahead of this reader, a few images of 200, however busy the machine. (The peak
    // memory of a zip is a figure of `npm run bench downloads`, not of a test: the garbage collector's
    // timing under load would decide it.)
    let reads = 0;
    let readsAtFirstByte = 0;
    const get = h.deps.storage.get.bind(h.deps.storage);
    h.deps.storage.get = async (...args) => {
      reads++;
      return get(...args);
    };
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/generated-images/zip`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: c.cookie! },
        body: JSON.stringify({ ids: rows.map((r) => r.id) }),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-length')).toBeNull();
      let total = 0;
      async function* counted() {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          if (total === 0) readsAtFirstByte = reads;
          total += chunk.length;
          yield chunk;
        }
      }
      const entries = await readZip(counted());
      const manifest = JSON.parse(entries.find((e) => e.name === 'manifest.json')!.text!);
      expect(manifest.count).toBe(200);
      const images = entries.filter((e) => e.name !== 'manifest.json');
      expect(images.map((e) => e.name)).toEqual(manifest.images.map((i: { file: string }) => i.file));
      expect(images.every((e) => e.bytes === SIZE)).toBe(true);
      expect(total).toBeGreaterThan(200 * SIZE);
      expect(reads).toBe(200);
      expect(readsAtFirstByte).toBeLessThan(50);
    } finally {
      h.deps.storage.get = get;
    }
  });

  it('stops reading storage when the client goes away', async () => {
    const c = h.client();
    const u = await c.register();
    const rows = await seedImages(u.id, 40, { data: () => randomBytes(256 * 1024) });
    const port = (h.app.server.address() as AddressInfo).port;
    let reads = 0;
    let pending = 0;
    const sources: Readable[] = [];
    const get = h.deps.storage.get.bind(h.deps.storage);
    h.deps.storage.get = async (...args) => {
      reads++;
      pending++;
      try {
        const obj = await get(...args);
        if (obj) sources.push(obj.stream);
        return obj;
      } finally {
        pending--;
      }
    };
    try {
      const ac = new AbortController();
      const res = await fetch(`http://127.0.0.1:${port}/api/generated-images/zip`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: c.cookie! },
        body: JSON.stringify({ ids: rows.map((r) => r.id) }),
        signal: ac.signal,
      });
      const reader = res.body!.getReader();
      await reader.read();
      ac.abort();
      // the zip lets go of every image it read (the one it was reading is destroyed on the abort)
      await until(
        () => pending === 0 && sources.every((s) => s.destroyed),
        'the zip to close its storage streams',
      );
      const after = reads;
      // a later request answered over the network: a zip still writing would have asked storage for
      // its next image by then, on the turn after its source closed
      expect((await fetch(`http://127.0.0.1:${port}/api/healthz`)).status).toBe(200);
      expect(reads).toBe(after);
      expect(reads).toBeLessThan(40);
    } finally {
      h.deps.storage.get = get;
    }
  });
});
