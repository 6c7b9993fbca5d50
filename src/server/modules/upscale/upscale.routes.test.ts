import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPSCALED_SIDE } from '../../../shared/constants';
import { UPSCALE_TEXTS } from '../../../shared/schemas/images';
import { generatedImages, transactions, upscales, users } from '../../db/schema/index';
import { EngineError } from '../../engines/engine-error';
import { createOfflineUpscaler, type Upscaler } from '../../engines/images/upscale';
import { generatedImageKeys } from '../../storage/keys';
import { catalog, giveTokens } from '../../test/generation-helpers';
import { createHarness, type Client, type Harness } from '../../test/harness';
import { drainQueue, withRetriesNow } from '../../test/until';

// Issue 25, part 3: upscales charged at the admin's price, refunded exactly when they fail.
let h: Harness;
let cat: Awaited<ReturnType<typeof catalog>>;
const offline = createOfflineUpscaler();
/** the offline engine, or a failure the test switches on */
let failWith: EngineError | null = null;
const switchable: Upscaler = {
  name: 'offline',
  async upscale(req) {
    if (failWith) throw failWith;
    return offline.upscale(req);
  },
};

beforeAll(async () => {
  h = await createHarness(
    {},
    { engines: (built) => ({ upscalers: { ...built.upscalers, offline: switchable } }) },
  );
  cat = await catalog(h.deps);
});
afterAll(async () => {
  await h?.close();
});

/** A gallery image with a real stored picture: a sharp gradient-ish pattern, so resampling shows. */
async function seedImage(
  userId: string,
  width: number,
  height: number,
  over: Partial<typeof generatedImages.$inferInsert> = {},
) {
  const id = randomUUID();
  const keys = generatedImageKeys(userId, id);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#204080"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#f0c040"/></svg>`;
  const data = await sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
  await h.deps.storage.put(keys.original, data, 'image/jpeg');
  await h.deps.db.insert(generatedImages).values({
    id,
    userId,
    baseModelId: cat.dev.id,
    prompt: 'a portrait in soft light',
    width,
    height,
    seed: 7,
    tokensUsed: 15,
    storageKey: keys.original,
    thumbKey: keys.original,
    ...over,
  });
  return id;
}

async function balanceOf(userId: string) {
  const [row] = await h.deps.db.select({ b: users.tokenBalance }).from(users).where(eq(users.id, userId));
  return row!.b;
}

const upscale = (c: Client, id: string, factor: unknown) =>
  c.post(`/api/generated-images/${id}/upscale`, { factor });

describe('POST /api/generated-images/:id/upscale', () => {
  it('makes a new gallery image of exactly 2× the pixels, linked both ways, charged the admin price', async () => {
    const c = h.client();
    const u = await c.register();
    await giveTokens(h.deps, u.id, 100);
    const before = await balanceOf(u.id);
    const src = await seedImage(u.id, 320, 192);
    const res = await upscale(c, src, 2);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.image).toMatchObject({ width: 640, height: 384, upscaledFrom: src });
    expect(body.upscale).toMatchObject({ status: 'succeeded', factor: 2, tokenCost: 10 });
    expect(await balanceOf(u.id)).toBe(before - 10);
    expect(body.balance).toBe(before - 10);
    // the stored file is really that size, and is no stretched copy: sharpened edges, new detail
    const file = await c.get(body.image.imageUrl);
    expect(file.statusCode).toBe(200);
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([640, 384, 'jpeg']);
    // linked both ways: the new image names its original, the original lists it
    const original = (await c.get(`/api/generated-images/${src}`)).json();
    expect(original.upscales).toEqual([{ id: body.image.id, width: 640, height: 384 }]);
    const copy = (await c.get(`/api/generated-images/${body.image.id}`)).json();
    expect(copy).toMatchObject({ upscaledFrom: src, width: 640, height: 384, generationId: null });
    // it is in the gallery
    const page = (await c.get('/api/generated-images')).json();
    expect(page.images.map((i: { id: string }) => i.id)).toContain(body.image.id);
    const [usage] = await h.deps.db
      .select()
      .from(transactions)
      .where(eq(transactions.idempotencyKey, `upscale:${body.upscale.id}`));
    expect(usage).toMatchObject({ type: 'usage', amount: -10, refType: 'upscale' });
  });

  it('×4 is 4× each side and costs the ×4 price; the cap is refused before any charge', async () => {
    const c = h.client();
    const u = await c.register();
    await giveTokens(h.deps, u.id, 100);
    const small = await seedImage(u.id, 256, 128);
    const res = await upscale(c, small, 4);
    expect(res.statusCode).toBe(200);
    expect(res.json().image).toMatchObject({ width: 1024, height: 512 });
    expect(res.json().upscale.tokenCost).toBe(25);
    const before = await balanceOf(u.id);
    const big = await seedImage(u.id, 1536, 1024);
    const refused = await upscale(c, big, 4);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('UPSCALE_TOO_LARGE');
    expect(refused.json().error).toBe(UPSCALE_TEXTS.tooLarge(1536, 1024, 4));
    expect(1536 * 4).toBeGreaterThan(MAX_UPSCALED_SIDE);
    expect(await balanceOf(u.id)).toBe(before);
    // 2048 × 2 is exactly the cap: allowed
    expect(2048 * 2).toBe(MAX_UPSCALED_SIDE);
  });

  it('refunds exactly what it charged when the engine fails, and says so', async () => {
    const c = h.client();
    const u = await c.register();
    await giveTokens(h.deps, u.id, 100);
    const before = await balanceOf(u.id);
    const src = await seedImage(u.id, 128, 128);
    failWith = new EngineError('The upscaler broke', false);
    try {
      const res = await upscale(c, src, 2);
      expect(res.statusCode).toBe(502);
      expect(res.json().code).toBe('UPSCALE_FAILED');
      expect(res.json().error).toBe(UPSCALE_TEXTS.failed(10));
    } finally {
      failWith = null;
    }
    await drainQueue(h.deps.db);
    expect(await balanceOf(u.id)).toBe(before);
    const [row] = await h.deps.db.select().from(upscales).where(eq(upscales.userId, u.id));
    expect(row).toMatchObject({ status: 'failed', resultImageId: null });
    const ledger = await h.deps.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, u.id), eq(transactions.refId, row!.id)));
    expect(ledger.map((t) => [t.type, t.amount]).sort()).toEqual([
      ['refund', 10],
      ['usage', -10],
    ]);
    expect(
      (await h.deps.db.select().from(generatedImages).where(eq(generatedImages.upscaledFrom, src))).length,
    ).toBe(0);
  });

  it('a retryable failure retries, then refunds once when attempts run out', async () => {
    const c = h.client();
    const u = await c.register();
    await giveTokens(h.deps, u.id, 100);
    const before = await balanceOf(u.id);
    const src = await seedImage(u.id, 128, 128);
    failWith = new EngineError('busy', true);
    try {
      // each attempt fails; their backoffs (2 + 4 + 8 s), which the request waits through, are not what
      // this test is about
      const res = await withRetriesNow(h.deps.db, upscale(c, src, 2));
      expect([202, 502]).toContain(res.statusCode);
      await drainQueue(h.deps.db, 60_000, undefined, { retriesNow: true });
    } finally {
      failWith = null;
    }
    expect(await balanceOf(u.id)).toBe(before);
    const refunds = await h.deps.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, u.id), eq(transactions.type, 'refund')));
    expect(refunds).toHaveLength(1);
  });

  it("refuses another user's image, a bad factor, and too few tokens (charging nothing)", async () => {
    const owner = h.client();
    const o = await owner.register();
    const theirs = await seedImage(o.id, 128, 128);
    const c = h.client();
    const u = await c.register();
    expect((await upscale(c, theirs, 2)).statusCode).toBe(404);
    const mine = await seedImage(u.id, 128, 128);
    for (const factor of [3, '2', 8, null]) {
      const res = await upscale(c, mine, factor);
      expect(res.statusCode).toBe(400);
    }
    await h.deps.db.update(users).set({ tokenBalance: 0 }).where(eq(users.id, u.id));
    const poor = await upscale(c, mine, 2);
    expect(poor.statusCode).toBe(402);
    expect(poor.json().error).toBe(UPSCALE_TEXTS.insufficient(10, 0));
    expect((await h.client().post(`/api/generated-images/${mine}/upscale`, { factor: 2 })).statusCode).toBe(
      401,
    );
  });
});

describe('upscale prices', () => {
  it('are seeded, public to read, and edited by admins only (audited)', async () => {
    const c = h.client();
    await c.register();
    expect((await c.get('/api/upscale-prices')).json()).toEqual({
      prices: [
        { factor: 2, tokenCost: 10 },
        { factor: 4, tokenCost: 25 },
      ],
    });
    expect((await c.put('/api/admin/upscale-prices', { factor: 2, tokenCost: 1 })).statusCode).toBe(403);
    const admin = await h.admin();
    const res = await admin.put('/api/admin/upscale-prices', { factor: 4, tokenCost: 30 });
    expect(res.statusCode).toBe(200);
    expect(res.json().prices).toContainEqual({ factor: 4, tokenCost: 30 });
    expect((await admin.put('/api/admin/upscale-prices', { factor: 3, tokenCost: 5 })).statusCode).toBe(400);
    expect((await admin.put('/api/admin/upscale-prices', { factor: 2, tokenCost: -1 })).statusCode).toBe(400);
    const audit = (await admin.get('/api/admin/audit?action=upscale_price.update')).json();
    expect(audit.entries[0]).toMatchObject({ before: { tokenCost: 25 }, after: { tokenCost: 30 } });
    await admin.put('/api/admin/upscale-prices', { factor: 4, tokenCost: 25 });
  });
});
