import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { generatedImages, jobs } from '../../db/schema/index';
import { createHarness, type Client, type Harness } from '../../test/harness';
import { catalog, giveTokens, readyModel } from '../../test/generation-helpers';
import { dateWindow } from './gallery.service';
import { settleFileJobs } from '../../test/storage-jobs';

let h: Harness;
let cat: Awaited<ReturnType<typeof catalog>>;
beforeAll(async () => {
  h = await createHarness();
  cat = await catalog(h.deps);
});
afterAll(async () => {
  await h?.close();
});

/** Rows straight into the table (paging tests need many; files are not needed for listing). */
async function seedImages(
  userId: string,
  n: number,
  over: (i: number) => Partial<typeof generatedImages.$inferInsert> = () => ({}),
) {
  const start = Date.now() - n * 1000;
  const rows = Array.from({ length: n }, (_, i) => ({
    id: randomUUID(),
    userId,
    baseModelId: cat.dev.id,
    prompt: `picture number ${i}`,
    width: 512,
    height: 512,
    tokensUsed: 15,
    storageKey: `u/${userId}/images/x${i}.jpg`,
    thumbKey: `u/${userId}/images/x${i}.thumb.webp`,
    // a few share a timestamp: the id breaks the tie
    createdAt: new Date(start + Math.floor(i / 3) * 1000),
    ...over(i),
  }));
  await h.deps.db.insert(generatedImages).values(rows);
  return rows;
}

async function allPages(c: Client, query: string, limit = 7) {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 100; guard++) {
    const res = await c.get(
      `/api/generated-images?limit=${limit}${query}${cursor ? `&cursor=${cursor}` : ''}`,
    );
    expect(res.statusCode).toBe(200);
    const page = res.json();
    ids.push(...page.images.map((i: { id: string }) => i.id));
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  return ids;
}

describe('GET /api/generated-images', () => {
  it('pages newest first by cursor, without gaps or repeats, only the caller’s images', async () => {
    const c = h.client();
    const u = await c.register();
    const other = await h.client().register();
    const mine = await seedImages(u.id, 40);
    await seedImages(other.id, 5);
    const ids = await allPages(c, '');
    expect(ids).toHaveLength(40);
    expect(new Set(ids).size).toBe(40);
    const expected = [...mine]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
      .map((r) => r.id);
    expect(ids).toEqual(expected);
    const first = (await c.get('/api/generated-images?limit=2')).json().images[0];
    expect(first).toMatchObject({
      baseModelName: 'FLUX.1 Dev',
      modelName: null,
      styleName: null,
      isNSFW: false,
      width: 512,
      tokensUsed: 15,
    });
    expect(Object.keys(first).sort()).toEqual(
      [
        'id',
        'imageUrl',
        'thumbnailUrl',
        'width',
        'height',
        'prompt',
        'negativePrompt',
        'tokensUsed',
        'isNSFW',
        'createdAt',
        'modelId',
        'modelName',
        'styleId',
        'styleName',
        'baseModelId',
        'baseModelName',
        'seed',
        'generationId',
        'likeness',
        // issue 25: the original an upscale was made from (null for a generated image)
        'upscaledFrom',
      ].sort(),
    );
  });

  it('searches by prompt and filters by model and style (custom = none)', async () => {
    const c = h.client();
    const u = await c.register();
    const model = await readyModel(h.deps, u.id);
    await seedImages(u.id, 12, (i) => ({
      prompt: i % 2 ? `a CAT on a roof 100%_off ${i}` : `a dog ${i}`,
      modelId: i < 4 ? model.id : null,
      styleId: i % 3 === 0 ? cat.style.id : null,
    }));
    expect(await allPages(c, '&search=cat')).toHaveLength(6);
    expect(await allPages(c, `&search=${encodeURIComponent('100%_off')}`)).toHaveLength(6);
    expect(await allPages(c, `&search=${encodeURIComponent('%')}`)).toHaveLength(6);
    expect(await allPages(c, `&modelId=${model.id}`)).toHaveLength(4);
    expect(await allPages(c, `&styleId=${cat.style.id}`)).toHaveLength(4);
    expect(await allPages(c, '&styleId=custom')).toHaveLength(8);
    const styled = (await c.get(`/api/generated-images?styleId=${cat.style.id}`)).json().images[0];
    expect(styled.styleName).toBe('Anime');
  });

  it('refuses bad input with 400 and guests with 401', async () => {
    const c = h.client();
    await c.register();
    for (const q of [
      'cursor=%%%',
      'cursor=bm90LWEtY3Vyc29y',
      'limit=0',
      'limit=101',
      'limit=abc',
      'modelId=nope',
      'styleId=nope',
      `search=${'x'.repeat(201)}`,
    ]) {
      const res = await c.get(`/api/generated-images?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error).toBeTruthy();
    }
    expect((await h.client().get('/api/generated-images')).statusCode).toBe(401);
  });

  it('sorts by likeness (scored only, keyset paged) and filters by a minimum likeness', async () => {
    const c = h.client();
    const u = await c.register();
    // scores with ties and unscored images between them
    const rows = await seedImages(u.id, 30, (i) => ({ likeness: i % 4 === 0 ? null : (i * 37) % 101 }));
    const scoredRows = rows.filter((r) => r.likeness !== null);
    const expected = [...scoredRows]
      .sort(
        (a, b) =>
          b.likeness! - a.likeness! ||
          b.createdAt.getTime() - a.createdAt.getTime() ||
          (a.id < b.id ? 1 : -1),
      )
      .map((r) => r.id);
    expect(await allPages(c, '&sort=likeness', 4)).toEqual(expected);

    const atLeast = await allPages(c, '&minLikeness=60', 5);
    expect(new Set(atLeast)).toEqual(new Set(scoredRows.filter((r) => r.likeness! >= 60).map((r) => r.id)));
    const both = await allPages(c, '&sort=likeness&minLikeness=60', 3);
    expect(both).toEqual(expected.filter((id) => rows.find((r) => r.id === id)!.likeness! >= 60));
    const first = (await c.get('/api/generated-images?sort=likeness&limit=1')).json().images[0];
    expect(first.likeness).toBe(scoredRows.reduce((m, r) => Math.max(m, r.likeness!), 0));

    // each order has its own cursor: one does not page the other
    const plain = (await c.get('/api/generated-images?limit=2')).json().nextCursor;
    const byLikeness = (await c.get('/api/generated-images?sort=likeness&limit=2')).json().nextCursor;
    expect((await c.get(`/api/generated-images?sort=likeness&cursor=${plain}`)).statusCode).toBe(400);
    expect((await c.get(`/api/generated-images?cursor=${byLikeness}`)).statusCode).toBe(400);
    const forged = Buffer.from(`L101|2026-01-01T00:00:00.000000Z|${u.id}`).toString('base64url');
    expect((await c.get(`/api/generated-images?sort=likeness&cursor=${forged}`)).statusCode).toBe(400);
    for (const q of ['sort=best', 'minLikeness=101', 'minLikeness=-1', 'minLikeness=5.5', 'minLikeness=x']) {
      expect((await c.get(`/api/generated-images?${q}`)).statusCode, q).toBe(400);
    }
  });
});

describe('DELETE /api/generated-images/:id', () => {
  it('deletes the owner’s image and its files; others get 404', async () => {
    const c = h.client();
    const u = await c.register();
    await giveTokens(h.deps, u.id, 100);
    const gen = (
      await c.post('/api/generate-image', {
        prompt: 'delete me',
        baseModelId: cat.schnell.id,
        count: 1,
        width: 128,
        height: 128,
      })
    ).json();
    const img = gen.images[0];
    expect((await c.get(img.imageUrl)).statusCode).toBe(200);
    const stranger = h.client();
    await stranger.register();
    expect((await stranger.del(`/api/generated-images/${img.id}`)).statusCode).toBe(404);
    expect((await (await h.admin()).del(`/api/generated-images/${img.id}`)).statusCode).toBe(404);
    expect((await c.del('/api/generated-images/not-a-uuid')).statusCode).toBe(404);
    expect((await c.del(`/api/generated-images/${randomUUID()}`)).statusCode).toBe(404);
    // the spec's client sends a JSON content type with no body
    const res = await c.inject({
      method: 'DELETE',
      url: `/api/generated-images/${img.id}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, id: img.id });
    // the files go by a durable job enqueued with the deletion (jobs/storage-cleanup.ts); on PostgreSQL
    // the running queue may have finished it before the test looks, so it is found by the image's id
    await settleFileJobs(h.deps);
    const cleanups = await h.deps.db
      .select({ status: jobs.status, payload: jobs.payload })
      .from(jobs)
      .where(eq(jobs.name, 'storage.delete-keys'));
    expect(cleanups.filter((j) => JSON.stringify(j.payload).includes(img.id))).toEqual([
      expect.objectContaining({ status: 'done' }),
    ]);
    expect((await c.get(img.imageUrl)).statusCode).toBe(404);
    expect((await c.get(img.thumbnailUrl)).statusCode).toBe(404);
    expect((await c.get('/api/generated-images')).json().images).toHaveLength(0);
    expect((await c.del(`/api/generated-images/${img.id}`)).statusCode).toBe(404);
  });
});

describe('admin gallery', () => {
  it('is admin only', async () => {
    expect((await h.client().get('/api/admin/generated-images')).statusCode).toBe(401);
    const c = h.client();
    await c.register();
    expect((await c.get('/api/admin/generated-images')).statusCode).toBe(403);
    expect((await c.get('/api/admin/generated-images/count')).statusCode).toBe(403);
  });

  it('lists everyone’s images with the filters and counts them', async () => {
    const admin = await h.admin();
    const total = (await admin.get('/api/admin/generated-images/count')).json().count;
    const c = h.client();
    const u = await c.register();
    const now = Date.now();
    await seedImages(u.id, 10, (i) => ({
      isNsfw: i < 3,
      width: i < 5 ? 1024 : 512,
      baseModelId: i % 2 ? cat.schnell.id : cat.dev.id,
      createdAt: new Date(i < 2 ? now - 40 * 86_400_000 : now - i * 60_000),
    }));
    expect((await admin.get('/api/admin/generated-images/count')).json()).toEqual({ count: total + 10 });
    const q = async (query: string) => {
      const res = await admin.get(`/api/admin/generated-images?userId=${u.id}&limit=100${query}`);
      expect(res.statusCode, query).toBe(200);
      return res.json().images as { userId: string; username: string; isNSFW: boolean }[];
    };
    const all = await q('');
    expect(all).toHaveLength(10);
    expect(all[0]).toMatchObject({ userId: u.id, username: u.username });
    expect(await q('&nsfw=nsfw')).toHaveLength(3);
    expect(await q('&nsfw=safe')).toHaveLength(7);
    expect(await q('&size=hd')).toHaveLength(5);
    expect(await q('&size=standard')).toHaveLength(5);
    expect(await q(`&baseModelId=${cat.schnell.id}`)).toHaveLength(5);
    expect(await q('&dateFilter=month')).toHaveLength(8);
    expect(await q('&dateFilter=all')).toHaveLength(10);
    const day = new Date(now - 40 * 86_400_000).toISOString().slice(0, 10);
    expect(await q(`&dateFilter=${day}`)).toHaveLength(2);
    for (const bad of [
      'dateFilter=yesterday',
      'dateFilter=2024-13-45',
      'nsfw=maybe',
      'size=big',
      'userId=x',
      'cursor=@@',
    ]) {
      expect((await admin.get(`/api/admin/generated-images?${bad}`)).statusCode, bad).toBe(400);
    }
  });

  it('turns date filters into windows', () => {
    const now = new Date('2025-06-15T13:00:00Z');
    expect(dateWindow('today', now)).toEqual({ since: new Date('2025-06-15T00:00:00Z') });
    expect(dateWindow('week', now).since).toEqual(new Date('2025-06-08T13:00:00Z'));
    expect(dateWindow('2025-01-02', now)).toEqual({
      since: new Date('2025-01-02T00:00:00Z'),
      until: new Date('2025-01-03T00:00:00Z'),
    });
    expect(dateWindow('all', now)).toEqual({});
  });
});
