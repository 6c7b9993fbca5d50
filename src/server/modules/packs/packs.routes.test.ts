import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, mailOutbox } from '../../db/schema/index';
import { packInsufficientTokensText } from '../../../shared/generation-texts';
import { PACK_TEXTS } from '../../../shared/schemas/packs';
import { EngineError } from '../../engines/engine-error';
import { createOfflineImageEngine } from '../../engines/images/offline';
import { createHarness, type Client, type Harness } from '../../test/harness';
import { giveTokens, readyModel, switchableImages } from '../../test/generation-helpers';
import { drainQueue, until } from '../../test/until';
import { ledgerMismatches } from '../tokens/ledger.service';

// Photo packs (issue 26, part 1): the list, one charge per purchase, exact refunds, concurrency,
// whose model may be used, and the admin's validation.
let h: Harness;
let admin: Client;
const offline = createOfflineImageEngine();
const images = switchableImages(offline);
const FAIL = 'FAILME';

beforeAll(async () => {
  h = await createHarness(
    {},
    { engines: (built) => ({ images: { ...built.images, offline: images.engine } }) },
  );
  admin = await h.admin();
  // prompts carrying the marker fail for good (a refusal a retry cannot help)
  images.use({
    name: 'offline',
    render: async (req) => {
      if (req.prompt.includes(FAIL)) throw new EngineError('the provider refused this prompt', false, 400);
      return offline.render(req);
    },
  });
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
const balanceOf = async (c: Client) => (await c.get('/api/auth/user')).json().user.tokenBalance as number;
/**
 * The balance once the session cache has caught up: on PostgreSQL the cache hears of a job's ledger
 * write by LISTEN/NOTIFY a moment after the commit (src/server/lib/session-cache.ts).
 */
async function expectBalance(c: Client, want: number) {
  await until(async () => ((await balanceOf(c)) === want ? true : null), `a balance of ${want}`, 5000).catch(
    () => {},
  );
  expect(await balanceOf(c)).toBe(want);
}
const ledgerOf = async (userId: string) =>
  (await h.deps.db.query.transactions.findMany()).filter((t) => t.userId === userId);

const prompts = (n: number, failing: number[] = []) =>
  Array.from({ length: n }, (_, i) => ({
    prompt: `pack prompt ${i}${failing.includes(i) ? ` ${FAIL}` : ''}`,
  }));

async function createPack(body: Record<string, unknown>) {
  const res = await admin.post('/api/admin/packs', { name: 'Test pack', description: 'for tests', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().pack as { id: string; price: number; fullPrice: number };
}

async function settled(c: Client, batchId: string) {
  return until(
    async () => {
      const b = (await c.get(`/api/pack-batches/${batchId}`)).json().batch;
      return ['succeeded', 'partial', 'failed'].includes(b.status) ? b : null;
    },
    'the batch to settle',
    30_000,
  );
}

describe('GET /api/packs', () => {
  it('lists the seeded packs with their prompt count and price', async () => {
    const { c } = await user();
    const res = await c.get('/api/packs');
    expect(res.statusCode).toBe(200);
    type Listed = { name: string; promptCount: number; price: number; fullPrice: number };
    const byName = Object.fromEntries((res.json().packs as Listed[]).map((p) => [p.name, p]));
    // FLUX.1 Dev (15) per image, plus the style's cost where a prompt has one
    expect(byName['Business Headshots']).toMatchObject({
      promptCount: 8,
      price: 250,
      fullPrice: 4 * 65 + 4 * 15,
    });
    expect(byName['Travel']).toMatchObject({ promptCount: 8, price: 120, fullPrice: 120 });
    expect(byName['Fantasy']).toMatchObject({ promptCount: 8, price: 4 * 75 + 4 * 15 });
    // their covers: pack-samples-album.routes.test.ts
    expect((await h.client().get('/api/packs')).statusCode).toBe(401);
  });
});

describe('POST /api/packs/:id/generate', () => {
  it('charges once, renders every prompt into one album', async () => {
    const { c, u } = await user(200);
    const model = await readyModel(h.deps, u.id);
    const pack = await createPack({ prompts: prompts(4) });
    // an image of the user's outside the pack stays out of the album
    const single = await c.post('/api/generate-image', {
      prompt: 'not in the pack',
      baseModelId: (await c.get('/api/base-models')).json()[0].id,
      count: 1,
      width: 256,
      height: 256,
    });
    expect(single.statusCode, single.body).toBe(200);
    const res = await c.post(`/api/packs/${pack.id}/generate`, { modelId: model.id });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().batch).toMatchObject({ status: 'pending', total: 4, done: 0 });
    const batch = await settled(c, res.json().batch.id);
    expect(batch).toMatchObject({
      status: 'succeeded',
      total: 4,
      done: 4,
      failed: 0,
      charged: 60,
      refunded: 0,
    });
    const rows = await ledgerOf(u.id);
    // the single image's charge, then the pack's one charge
    const usage = rows.filter((r) => r.type === 'usage' && r.refType === 'pack_batch');
    expect(rows.filter((r) => r.type === 'usage')).toHaveLength(2);
    expect(usage).toHaveLength(1);
    expect(usage[0]).toMatchObject({
      amount: -60,
      idempotencyKey: `pack:${batch.id}`,
      refType: 'pack_batch',
    });
    expect(rows.filter((r) => r.type === 'refund')).toHaveLength(0);
    await expectBalance(c, 250 - 15 - 60);
    const album = (await c.get(`/api/generated-images?packBatchId=${batch.id}`)).json();
    expect(album.images).toHaveLength(4);
    expect((await c.get('/api/generated-images')).json().images).toHaveLength(5);
    expect(album.images.every((i: { modelId: string }) => i.modelId === model.id)).toBe(true);
    expect((await c.get('/api/pack-batches')).json().batches[0]).toMatchObject({ id: batch.id });
    // someone else cannot see the batch
    const other = await user();
    expect((await other.c.get(`/api/pack-batches/${batch.id}`)).statusCode).toBe(404);
    expect(await ledgerMismatches(h.deps.db)).toEqual([]);
  });

  it('a pack of 8 with 2 failures refunds exactly 2 images', async () => {
    const { c, u } = await user(100);
    const model = await readyModel(h.deps, u.id);
    const pack = await createPack({ prompts: prompts(8, [2, 5]) });
    expect(pack.price).toBe(8 * 15);
    const res = await c.post(`/api/packs/${pack.id}/generate`, { modelId: model.id });
    expect(res.statusCode, res.body).toBe(202);
    const batch = await settled(c, res.json().batch.id);
    expect(batch).toMatchObject({ status: 'partial', done: 6, failed: 2, charged: 120, refunded: 30 });
    const refunds = (await ledgerOf(u.id)).filter((r) => r.type === 'refund');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: 30, idempotencyKey: `pack-refund:${batch.id}` });
    await expectBalance(c, 150 - 120 + 30);
    expect((await c.get(`/api/generated-images?packBatchId=${batch.id}`)).json().images).toHaveLength(6);
    expect(await ledgerMismatches(h.deps.db)).toEqual([]);

    // the owner hears once that it finished: under the bell and by mail, with its own unsubscribe
    // (issue 45 N5)
    const bell = (await c.get('/api/notifications')).json();
    expect(bell.notifications).toHaveLength(1);
    expect(bell.notifications[0]).toMatchObject({
      kind: 'pack_ready',
      title: 'Your Test pack pack is ready',
      body: '6 of 8 photos of your Test pack pack are in its album; 2 could not be generated. The 30 tokens they cost were refunded.',
      link: `/gallery/albums/${batch.id}`,
    });
    const mails = await until(async () => {
      const sent = await h.deps.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, `${u.username}@example.com`));
      const mine = sent.filter((m) => m.subject === 'Your Test pack pack is ready');
      return mine.length > 0 ? mine : null;
    }, 'the pack mail');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`/gallery/albums/${batch.id}`);
    expect(mails[0]!.headers?.['List-Unsubscribe']).toMatch(/\/unsubscribe\?token=/);
  });

  it('a discounted pack refunds its failures in proportion, rounded down', async () => {
    const { c, u } = await user(100);
    const model = await readyModel(h.deps, u.id);
    const pack = await createPack({
      prompts: prompts(8, [0, 7]),
      priceMode: 'discounted',
      discountPrice: 100,
    });
    expect(pack).toMatchObject({ price: 100, fullPrice: 120 });
    const batch = await settled(
      c,
      (await c.post(`/api/packs/${pack.id}/generate`, { modelId: model.id })).json().batch.id,
    );
    // 2 of 8 images failed, each worth 15 of 120: 100 × 30 / 120 = 25
    expect(batch).toMatchObject({ status: 'partial', charged: 100, refunded: 25 });
    await expectBalance(c, 150 - 100 + 25);
  });

  it('every image failing refunds everything charged', async () => {
    const { c, u } = await user(100);
    const model = await readyModel(h.deps, u.id);
    const pack = await createPack({
      prompts: prompts(4, [0, 1, 2, 3]),
      priceMode: 'discounted',
      discountPrice: 59,
    });
    const batch = await settled(
      c,
      (await c.post(`/api/packs/${pack.id}/generate`, { modelId: model.id })).json().batch.id,
    );
    expect(batch).toMatchObject({ status: 'failed', done: 0, failed: 4, charged: 59, refunded: 59 });
    await expectBalance(c, 150);
    const bell = (await c.get('/api/notifications')).json();
    expect(bell.notifications[0]).toMatchObject({
      kind: 'pack_ready',
      title: 'Your Test pack pack could not be generated',
      link: '/packs',
    });
  });

  it("a pack's mail is not sent to someone who turned that kind off; the bell still tells them", async () => {
    const { c, u } = await user(100);
    const off = await c.patch('/api/notifications/preferences', { mail: { pack_ready: false } });
    expect(off.statusCode, off.body).toBe(200);
    const model = await readyModel(h.deps, u.id);
    const pack = await createPack({ name: 'Quiet pack', prompts: prompts(4) });
    const batch = await settled(
      c,
      (await c.post(`/api/packs/${pack.id}/generate`, { modelId: model.id })).json().batch.id,
    );
    expect(batch.status).toBe('succeeded');
    const bell = (await c.get('/api/notifications')).json();
    expect(bell.notifications[0]).toMatchObject({
      kind: 'pack_ready',
      title: 'Your Quiet pack pack is ready',
    });
    // the mail job has run and sent nothing
    await drainQueue(h.deps.db);
    const sent = await h.deps.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, `${u.username}@example.com`));
    expect(sent.filter((m) => m.subject.includes('Quiet pack'))).toEqual([]);
  });

  it('bought twice at once with the balance for one: exactly one succeeds', async () => {
    const { c, u } = await user(70); // 50 at sign-up + 70 = one Travel pack (120)
    const model = await readyModel(h.deps, u.id);
    const travel = (await c.get('/api/packs'))
      .json()
      .packs.find((p: { name: string }) => p.name === 'Travel');
    const [a, b] = await Promise.all([
      c.post(`/api/packs/${travel.id}/generate`, { modelId: model.id }),
      c.post(`/api/packs/${travel.id}/generate`, { modelId: model.id }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([202, 402]);
    const refused = a.statusCode === 402 ? a : b;
    expect(refused.json()).toMatchObject({
      code: 'INSUFFICIENT_TOKENS',
      message: packInsufficientTokensText(120, 8, 0),
    });
    expect((await ledgerOf(u.id)).filter((r) => r.type === 'usage')).toHaveLength(1);
    expect((await c.get('/api/pack-batches')).json().batches).toHaveLength(1);
    const ok = a.statusCode === 202 ? a : b;
    await settled(c, ok.json().batch.id);
    await expectBalance(c, 0);
  });

  it("refuses another user's model, a model not ready, an unknown or inactive pack", async () => {
    const { c } = await user(500);
    const stranger = await user();
    const theirs = await readyModel(h.deps, stranger.u.id);
    const travel = (await c.get('/api/packs'))
      .json()
      .packs.find((p: { name: string }) => p.name === 'Travel');
    const res = await c.post(`/api/packs/${travel.id}/generate`, { modelId: theirs.id });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Model not found');

    const me = (await c.get('/api/auth/user')).json().user;
    const training = await readyModel(h.deps, me.id, { status: 'training' });
    const notReady = await c.post(`/api/packs/${travel.id}/generate`, { modelId: training.id });
    expect(notReady.statusCode).toBe(409);
    expect(notReady.json().code).toBe('MODEL_NOT_READY');

    const mine = await readyModel(h.deps, me.id);
    expect(
      (await c.post(`/api/packs/${crypto.randomUUID()}/generate`, { modelId: mine.id })).statusCode,
    ).toBe(404);
    const hidden = await createPack({ prompts: prompts(4), isActive: false });
    expect((await c.post(`/api/packs/${hidden.id}/generate`, { modelId: mine.id })).statusCode).toBe(404);
    expect((await c.post(`/api/packs/${travel.id}/generate`, { modelId: 'nope' })).statusCode).toBe(400);
    expect((await c.post(`/api/packs/${travel.id}/generate`, {})).json().message).toBe(
      PACK_TEXTS.modelRequired,
    );
    await expectBalance(c, 550);
  });
});

describe('admin packs', () => {
  it('validates prompts (4–40), the price and the styles, and is admin only', async () => {
    const bad = async (body: Record<string, unknown>) => {
      const res = await admin.post('/api/admin/packs', { name: 'Pack', prompts: prompts(4), ...body });
      expect(res.statusCode, res.body).toBe(400);
      return res.json().message as string;
    };
    expect(await bad({ prompts: prompts(3) })).toBe(PACK_TEXTS.promptsMin);
    expect(await bad({ prompts: prompts(41) })).toBe(PACK_TEXTS.promptsMax);
    expect(await bad({ prompts: [...prompts(3), { prompt: '  ' }] })).toBe(PACK_TEXTS.promptRequired);
    expect(await bad({ priceMode: 'discounted' })).toBe(PACK_TEXTS.discountRequired);
    expect(await bad({ priceMode: 'discounted', discountPrice: 0 })).toBe(PACK_TEXTS.discountRange);
    expect(await bad({ priceMode: 'discounted', discountPrice: 1.5 })).toBe(PACK_TEXTS.discountRange);
    expect(await bad({ priceMode: 'discounted', discountPrice: 60 })).toContain(PACK_TEXTS.discountAboveSum);
    expect(await bad({ prompts: [...prompts(3), { prompt: 'x', width: 512 }] })).toBe(PACK_TEXTS.sizeBoth);
    expect(await bad({ prompts: [...prompts(3), { prompt: 'x', styleId: crypto.randomUUID() }] })).toBe(
      PACK_TEXTS.styleNotFound,
    );
    expect(await bad({ coverUrl: '/files/u/someone/images/x.jpg' })).toBe(PACK_TEXTS.coverInvalid);
    expect(await bad({ name: 'a\u0000b' })).toBeTruthy();

    const { c } = await user();
    expect((await c.post('/api/admin/packs', { name: 'Pack', prompts: prompts(4) })).statusCode).toBe(403);
    expect((await c.get('/api/admin/packs')).statusCode).toBe(403);
  });

  it('edits, deactivates and uploads a cover', async () => {
    const pack = await createPack({ prompts: prompts(5) });
    // the creation commits with its audit entry (docs/decisions/027-admin-audit-log.md)
    const entries = await h.deps.db.select().from(adminAuditLog).where(eq(adminAuditLog.entityId, pack.id));
    expect(entries).toMatchObject([
      { action: 'pack.create', entityType: 'pack', after: expect.objectContaining({ name: 'Test pack' }) },
    ]);
    const cover = await admin.inject({
      method: 'POST',
      url: '/api/admin/packs/cover',
      ...(await multipartImage()),
    });
    expect(cover.statusCode, cover.body).toBe(201);
    const coverUrl = cover.json().coverUrl as string;
    expect(coverUrl).toMatch(/^\/files\/public\/packs\/[0-9a-f-]+\.webp$/);
    const edited = await admin.put(`/api/admin/packs/${pack.id}`, {
      name: 'Renamed pack',
      coverUrl,
      prompts: [...prompts(4), { prompt: 'big one', width: 1024, height: 1024 }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // the 1024 px prompt is HD: twice the base cost
    expect(edited.json().pack).toMatchObject({
      name: 'Renamed pack',
      coverUrl,
      promptCount: 5,
      price: 4 * 15 + 30,
    });
    const { c } = await user();
    expect((await c.get('/api/packs')).json().packs.map((p: { id: string }) => p.id)).toContain(pack.id);
    const off = await admin.patch(`/api/admin/packs/${pack.id}/active`, { isActive: false });
    expect(off.json().pack.isActive).toBe(false);
    expect((await c.get('/api/packs')).json().packs.map((p: { id: string }) => p.id)).not.toContain(pack.id);
    expect((await admin.get('/api/admin/packs')).json().packs.map((p: { id: string }) => p.id)).toContain(
      pack.id,
    );
    const notImage = await admin.inject({
      method: 'POST',
      url: '/api/admin/packs/cover',
      ...(await multipartImage(Buffer.from('not an image'))),
    });
    expect(notImage.statusCode).toBe(415);
  });
});

async function multipartImage(data?: Buffer) {
  const sharp = (await import('sharp')).default;
  const file =
    data ??
    (await sharp({ create: { width: 64, height: 64, channels: 3, background: '#336699' } })
      .png()
      .toBuffer());
  const boundary = '----packs-test';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="c.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
