import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARCHITECTURE_TEXTS } from '../../../shared/architecture';
import { insufficientTokensText } from '../../../shared/generation-texts';
import { type ImageEngine } from '../../engines/images/images';
import { createOfflineImageEngine } from '../../engines/images/offline';
import { createHarness, type Client, type Harness } from '../../test/harness';
import { ledgerMismatches } from '../tokens/ledger.service';
import { catalog, giveTokens, readyModel, switchableImages } from '../../test/generation-helpers';
import { EngineError } from '../../engines/engine-error';

let h: Harness;
const images = switchableImages(createOfflineImageEngine());
let cat: Awaited<ReturnType<typeof catalog>>;
beforeAll(async () => {
  h = await createHarness(
    {},
    { engines: (built) => ({ images: { ...built.images, offline: images.engine } }) },
  );
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

const body = (over: Record<string, unknown> = {}) => ({
  prompt: 'a lighthouse at sunset',
  baseModelId: cat.schnell.id,
  modelId: null,
  styleId: null,
  count: 1,
  width: 512,
  height: 512,
  hdEnabled: false,
  loraStrength: 1,
  ...over,
});

async function ledgerOf(userId: string) {
  return (await h.deps.db.query.transactions.findMany()).filter((t) => t.userId === userId);
}
async function balanceOf(c: Client) {
  return (await c.get('/api/auth/user')).json().user.tokenBalance as number;
}

describe('POST /api/generate-image', () => {
  it('renders, stores and charges exactly the formula', async () => {
    const { c, u } = await user();
    const res = await c.post('/api/generate-image', body({ count: 2, calculatedTokenCost: 20 }));
    expect(res.statusCode).toBe(200);
    const out = res.json();
    expect(out).toMatchObject({
      status: 'succeeded',
      tokensUsed: 20,
      balance: 30,
      isNSFW: false,
      requested: 2,
    });
    expect(out.images).toHaveLength(2);
    expect(out.imageUrl).toBe(out.images[0].imageUrl);
    expect(out.additionalImageUrls).toEqual([out.images[1].imageUrl]);
    expect(out.additionalNSFWFlags).toEqual([false]);
    expect(out.images[0]).toMatchObject({
      width: 512,
      height: 512,
      prompt: 'a lighthouse at sunset',
      baseModelName: 'FLUX.1 Schnell',
      tokensUsed: 10,
      styleId: null,
    });
    expect(out.images[0].imageUrl).toMatch(new RegExp(`^/files/u/${u.id}/images/[0-9a-f-]{36}\\.jpg$`));
    const file = await c.get(out.images[0].imageUrl);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([512, 512]);
    const thumb = await c.get(out.images[0].thumbnailUrl);
    expect(thumb.headers['content-type']).toBe('image/webp');
    // nobody signed in is asked to sign in; someone else cannot tell the file from a missing one
    expect((await h.client().get(out.images[0].imageUrl)).statusCode).toBe(401);
    const stranger = h.client();
    await stranger.register();
    expect((await stranger.get(out.images[0].imageUrl)).statusCode).toBe(404);
    const rows = await ledgerOf(u.id);
    const usage = rows.filter((r) => r.type === 'usage');
    expect(usage).toHaveLength(1);
    expect(usage[0]).toMatchObject({
      amount: -20,
      idempotencyKey: `generation:${out.generationId}`,
      refType: 'generation',
      refId: out.generationId,
    });
    expect(usage[0].description).toContain('2 image(s)');
    expect(await balanceOf(c)).toBe(30);
    const gallery = (await c.get('/api/generated-images')).json();
    expect(gallery.images.map((i: { id: string }) => i.id).sort()).toEqual(
      out.images.map((i: { id: string }) => i.id).sort(),
    );
  });

  it('answers with the first stored image’s id: the gallery lists it and DELETE takes it', async () => {
    const { c } = await user();
    const out = (await c.post('/api/generate-image', body({ count: 2, calculatedTokenCost: 20 }))).json();
    expect(out.id).toBe(out.images[0].id);
    expect(out.generationId).not.toBe(out.id);
    expect(out.images.every((i: { generationId: string }) => i.generationId === out.generationId)).toBe(true);
    const listed = (await c.get('/api/generated-images')).json().images as { id: string; imageUrl: string }[];
    expect(listed.find((i) => i.id === out.id)?.imageUrl).toBe(out.imageUrl);
    const del = await c.del(`/api/generated-images/${out.id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toMatchObject({ success: true, id: out.id });
    const after = (await c.get('/api/generated-images')).json().images as { id: string }[];
    expect(after.map((i) => i.id)).toEqual([out.images[1].id]);
    // the generation's id is not an image id
    expect((await c.del(`/api/generated-images/${out.generationId}`)).statusCode).toBe(404);
  });

  it('doubles for HD and for a side of 1024, adds the style cost, times count', async () => {
    const { c } = await user(1000);
    const hd = await c.post(
      '/api/generate-image',
      body({ width: 256, height: 256, hdEnabled: true, calculatedTokenCost: 20 }),
    );
    expect(hd.json().tokensUsed).toBe(20);
    const side = await c.post(
      '/api/generate-image',
      body({ width: 1024, height: 576, calculatedTokenCost: 20 }),
    );
    expect(side.statusCode).toBe(200);
    const styled = await c.post(
      '/api/generate-image',
      body({
        baseModelId: cat.dev.id,
        styleId: cat.style.id,
        count: 3,
        width: 256,
        height: 256,
        calculatedTokenCost: (15 + cat.style.tokenCost) * 3,
      }),
    );
    expect(styled.statusCode).toBe(200);
    expect(styled.json().images[0]).toMatchObject({ styleName: 'Anime', baseModelName: 'FLUX.1 Dev' });
  });

  it('refuses a stale calculatedTokenCost with 409 and the right cost, charging nothing', async () => {
    const { c, u } = await user();
    const res = await c.post('/api/generate-image', body({ count: 2, calculatedTokenCost: 10 }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'STALE_COST', tokenCost: 20, costPerImage: 10 });
    expect(await ledgerOf(u.id)).toHaveLength(1);
  });

  it('answers 402 with the spec text when the balance is short, charging nothing', async () => {
    const { c, u } = await user();
    const res = await c.post(
      '/api/generate-image',
      body({ baseModelId: cat.dev.id, count: 4, calculatedTokenCost: 60 }),
    );
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({
      code: 'INSUFFICIENT_TOKENS',
      error: insufficientTokensText(60, 4, 50),
    });
    expect(res.json().error).toBe('You need 60 tokens to generate 4 image(s). Current balance: 50.');
    expect(await ledgerOf(u.id)).toHaveLength(1);
    expect((await h.deps.db.query.generations.findMany()).filter((g) => g.userId === u.id)).toHaveLength(0);
  });

  it('refuses bad input with a clear 4xx and changes nothing', async () => {
    const { c, u } = await user(500);
    const other = await user();
    const foreign = await readyModel(h.deps, other.u.id);
    const training = await readyModel(h.deps, u.id, { status: 'training' });
    const mine = await readyModel(h.deps, u.id);
    const cases: [Record<string, unknown>, number, string?][] = [
      [{ width: 500 }, 400, 'Width must be a multiple of 64'],
      [{ height: 64 }, 400, 'Height must be between 128 and 2048'],
      [{ width: 4096 }, 400],
      [{ count: 0 }, 400],
      [{ count: 11 }, 400, 'Number of images must be between 1 and 10'],
      [{ count: 1.5 }, 400],
      [{ prompt: '   ' }, 400, 'Please enter a prompt to describe what you want to generate.'],
      [{ baseModelId: undefined }, 400],
      [
        { baseModelId: '00000000-0000-4000-8000-000000000000' },
        400,
        'Please select a valid base model for image generation',
      ],
      [{ loraStrength: 2.5 }, 400],
      [{ seed: -1 }, 400],
      [{ imageUrl: 'https://evil.example/x.jpg' }, 400],
      [{ isAdditionalImage: true }, 400],
      [{ modelId: foreign.id }, 404],
      [{ modelId: '00000000-0000-4000-8000-000000000000' }, 404],
      [{ modelId: 'not-a-uuid' }, 400],
      [{ modelId: training.id }, 409],
      // a personal model is a FLUX LoRA: never rendered on the SDXL base
      [{ modelId: mine.id, baseModelId: cat.juggernaut.id }, 400, ARCHITECTURE_TEXTS.incompatibleBase[1]],
      [{ styleId: '00000000-0000-4000-8000-000000000000' }, 404],
      [{ styleId: cat.nsfwStyle.id }, 403],
    ];
    for (const [over, status, message] of cases) {
      const res = await c.post('/api/generate-image', body(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(status);
      if (message) expect(res.json().error).toBe(message);
    }
    expect(
      (
        await c.inject({
          method: 'POST',
          url: '/api/generate-image',
          payload: '{x',
          headers: { 'content-type': 'application/json' },
        })
      ).statusCode,
    ).toBe(400);
    expect((await h.client().post('/api/generate-image', body())).statusCode).toBe(401);
    expect(await ledgerOf(u.id)).toHaveLength(2);
    expect((await h.deps.db.query.generations.findMany()).filter((g) => g.userId === u.id)).toHaveLength(0);
  });

  it('never overspends: 20 concurrent requests on a balance for exactly 3', async () => {
    const { c, u } = await user();
    // 50 free + 10 = 60 tokens; FLUX.1 Schnell with a 1024 side costs 20: exactly 3 fit
    await giveTokens(h.deps, u.id, 10);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        c.post('/api/generate-image', body({ width: 1024, height: 128, calculatedTokenCost: 20 })),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((s) => s === 200)).toHaveLength(3);
    expect(codes.filter((s) => s === 402)).toHaveLength(17);
    const rows = await ledgerOf(u.id);
    expect(rows.filter((r) => r.type === 'usage')).toHaveLength(3);
    expect(rows.reduce((a, r) => a + r.amount, 0)).toBe(0);
    expect(await balanceOf(c)).toBe(0);
    expect(await ledgerMismatches(h.deps.db)).toEqual([]);
  });

  it('uses the personal model artifact and the NSFW flag of the style', async () => {
    const { c, u } = await user(1000);
    const model = await readyModel(h.deps, u.id);
    const withModel = await c.post(
      '/api/generate-image',
      body({ modelId: model.id, seed: 7, loraStrength: 1.2, width: 256, height: 256 }),
    );
    expect(withModel.statusCode).toBe(200);
    expect(withModel.json().images[0]).toMatchObject({ modelId: model.id, modelName: 'My Face', seed: 7 });
    const plain = await c.post('/api/generate-image', body({ seed: 7, width: 256, height: 256 }));
    const a = (await c.get(withModel.json().imageUrl)).rawPayload;
    const b = (await c.get(plain.json().imageUrl)).rawPayload;
    expect(a.equals(b)).toBe(false);
    // same seed, same inputs → same picture
    const again = await c.post('/api/generate-image', body({ seed: 7, width: 256, height: 256 }));
    expect((await c.get(again.json().imageUrl)).rawPayload.equals(b)).toBe(true);

    expect((await c.post('/api/user/nsfw-settings', { enableNSFW: true })).statusCode).toBe(200);
    const nsfw = await c.post(
      '/api/generate-image',
      body({ styleId: cat.nsfwStyle.id, width: 256, height: 256 }),
    );
    expect(nsfw.statusCode).toBe(200);
    expect(nsfw.json()).toMatchObject({ isNSFW: true });
    const original = nsfw.json().images[0];
    expect(original.imageUrl).toMatch(/\.jpg$/);
    // docs/product/decisions.md §23: once NSFW is off, only the blurred picture is handed out
    await c.post('/api/user/nsfw-settings', { enableNSFW: false });
    const list = (await c.get('/api/generated-images')).json().images;
    const hidden = list.find((i: { id: string }) => i.id === original.id);
    expect(hidden.imageUrl).toMatch(/\.blur\.webp$/);
    expect(hidden.thumbnailUrl).toMatch(/\.blur\.webp$/);
    expect((await c.get(hidden.thumbnailUrl)).statusCode).toBe(200);
  });

  it('refunds what was not delivered (partial) and everything on failure', async () => {
    const offline = createOfflineImageEngine();
    const { c, u } = await user(1000);
    const short: ImageEngine = {
      name: 'offline',
      render: async (req) => (await offline.render(req)).slice(0, 0),
    };
    let calls = 0;
    const half: ImageEngine = {
      name: 'runware',
      render: async (req) => {
        calls++;
        return (await offline.render({ ...req, count: Math.min(req.count, 2) })).slice(0, 2);
      },
    };
    images.use(half);
    const partial = await c.post('/api/generate-image', body({ count: 4, width: 128, height: 128 }));
    expect(partial.statusCode).toBe(200);
    expect(partial.json()).toMatchObject({ status: 'partial', tokensUsed: 20 });
    expect(partial.json().images).toHaveLength(2);
    expect(calls).toBe(1);
    const rows = await ledgerOf(u.id);
    const usage = rows.find((r) => r.idempotencyKey === `generation:${partial.json().generationId}`)!;
    const refund = rows.find((r) => r.idempotencyKey === `generation-refund:${partial.json().generationId}`)!;
    expect(refund).toMatchObject({
      type: 'refund',
      amount: 20,
      refundOf: usage.id,
      refType: 'generation',
      refId: partial.json().generationId,
    });

    images.use(short);
    const none = await c.post('/api/generate-image', body({ count: 2, width: 128, height: 128 }));
    expect(none.statusCode).toBe(502);
    expect(none.json().code).toBe('GENERATION_FAILED');

    images.use({
      name: 'runware',
      render: async () => Promise.reject(new EngineError('invalid model', false, 400, 'invalidModel')),
    });
    const before = await balanceOf(c);
    const failed = await c.post('/api/generate-image', body({ count: 3, width: 128, height: 128 }));
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error).toContain('refunded');
    expect(await balanceOf(c)).toBe(before);
    images.use(offline);
    expect(await ledgerMismatches(h.deps.db)).toEqual([]);
  });

  it('retries a retryable engine error and then succeeds', async () => {
    const offline = createOfflineImageEngine();
    let calls = 0;
    images.use({
      name: 'runware',
      render: async (req) => {
        calls++;
        if (calls === 1) throw new EngineError('busy', true, 429);
        return offline.render(req);
      },
    });
    const { c } = await user();
    const res = await c.post('/api/generate-image', body({ width: 128, height: 128 }));
    images.use(offline);
    expect(res.statusCode).toBe(200);
    expect(calls).toBe(2);
  });
});
