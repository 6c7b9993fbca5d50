import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRunwareDouble, type RunwareDouble } from '../../../../tests/vendors/runware-double';
import { ARCHITECTURE_TEXTS } from '../../../shared/architecture';
import { presetStyles } from '../../db/schema/index';
import { createHarness, type Harness } from '../../test/harness';
import { ledgerMismatches } from '../tokens/ledger.service';
import { startHostSeries } from '../models/training.settle';
import { waitForStatus } from '../../test/training-helpers';
import { catalog, giveTokens, readyModel, trainedModel, vendorCatalog } from '../../test/generation-helpers';

// The Runware half of the personal flow with RUNWARE_API_KEY set, against the strict contract double:
// trained weights → modelUpload → ready → a render with the personal LoRA and a style LoRA → stored →
// caption. Every request is checked against Runware's contract; the test ends with zero violations.
let h: Harness;
let rw: RunwareDouble;
const WEIGHTS = Buffer.from('fake-safetensors-weights: the personal LoRA');
const STYLE_LORA = 'civitai:58390@62833';

beforeAll(async () => {
  // the double learns the seeded base models (AIR → architecture) once the database exists
  const checkpoints: Record<string, string> = {};
  rw = await createRunwareDouble({
    apiKey: 'rw-test',
    airSources: ['acme'],
    checkpoints,
    loras: { [STYLE_LORA]: 'flux1d' },
    deployMs: 300,
    // Runware downloads the weights itself: the signed link must work with no credentials
    fetchDownload: async (url) => {
      const u = new URL(url);
      const res = await h.app.inject({ method: 'GET', url: u.pathname + u.search });
      return res.statusCode === 200 && res.rawPayload.equals(WEIGHTS);
    },
  });
  h = await createHarness({
    RUNWARE_API_KEY: 'rw-test',
    RUNWARE_API_URL: rw.url,
    RUNWARE_AIR_SOURCE: 'acme',
  });
  Object.assign(checkpoints, await vendorCatalog(h.deps));
});
afterAll(async () => {
  await h?.close();
  await rw?.close();
});

describe('the Runware half of the personal flow', () => {
  it('uploads trained weights, is ready without getResponse, renders with the personal and a style LoRA, stores, captions', async () => {
    const cat = await catalog(h.deps);
    await h.deps.db
      .update(presetStyles)
      .set({ loraModels: [{ id: STYLE_LORA, weight: 0.6, triggerWord: 'anmstl' }] })
      .where(eq(presetStyles.id, cat.style.id));
    const c = h.client();
    const u = await c.register();
    await giveTokens(h.deps, u.id, 500);

    // hosting: the pipeline's upload step, as after a finished training
    const trained = await trainedModel(h.deps, u.id, WEIGHTS);
    await h.deps.db.transaction((tx) => startHostSeries(h.deps, tx, trained));
    const ready = await waitForStatus(c, trained.id, ['ready', 'failed'], 20_000);
    expect(ready.status).toBe('ready');
    expect(rw.billedUploads()).toHaveLength(1);
    const [upload] = rw.submitted('modelUpload');
    expect(upload).toMatchObject({
      category: 'lora',
      architecture: 'flux1d',
      format: 'safetensors',
      private: true,
      version: '1',
    });
    expect(upload.air).toMatch(/^acme:\d+@1$/);
    expect(upload).not.toHaveProperty('deliveryMethod');
    expect(ready.runwareAirName).toBe(upload.air);
    // readiness came from re-issuing the same air + uniqueIdentifier, never from getResponse
    const reissues = rw.submitted('modelUpload');
    expect(reissues.length).toBeGreaterThan(1);
    expect(new Set(reissues.map((t) => `${t.air}|${t.uniqueIdentifier}`)).size).toBe(1);
    const uploadIds = new Set(reissues.map((t) => t.taskUUID));
    expect(rw.submitted('getResponse').filter((t) => uploadIds.has(t.taskUUID))).toHaveLength(0);

    // a personal (FLUX) LoRA is never sent with the SDXL base
    const before = rw.submitted('imageInference').length;
    const sdxl = await c.post('/api/generate-image', {
      prompt: 'me',
      baseModelId: cat.juggernaut.id,
      modelId: trained.id,
      count: 1,
      width: 512,
      height: 512,
    });
    expect(sdxl.statusCode).toBe(400);
    expect(sdxl.json().error).toBe(ARCHITECTURE_TEXTS.incompatibleBase[1]);
    expect(rw.submitted('imageInference')).toHaveLength(before);

    const res = await c.post('/api/generate-image', {
      prompt: 'on a snowy ridge',
      baseModelId: cat.dev.id,
      modelId: trained.id,
      styleId: cat.style.id,
      count: 2,
      width: 640,
      height: 512,
      seed: 99,
      loraStrength: 0.8,
      calculatedTokenCost: (15 + cat.style.tokenCost) * 2,
    });
    expect(res.statusCode).toBe(200);
    const [task] = rw.submitted('imageInference');
    expect(task).toMatchObject({
      model: 'runware:101@1',
      numberResults: 2,
      width: 640,
      height: 512,
      seed: 99,
      lora: [
        { model: upload.air, weight: 0.8 },
        { model: STYLE_LORA, weight: 0.6 },
      ],
      safety: { checkContent: true },
      deliveryMethod: 'async',
    });
    expect(task.positivePrompt).toMatch(/^zxqperson, on a snowy ridge, anime style/);
    expect(rw.billedRenders()).toHaveLength(1);
    const out = res.json();
    expect(out.images).toHaveLength(2);
    const file = await c.get(out.images[1].imageUrl);
    expect(file.statusCode).toBe(200);
    expect((await sharp(file.rawPayload).metadata()).width).toBe(640);
    expect(rw.imageGets.every((g) => !g.auth)).toBe(true);

    // caption (analyze-image)
    const jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#884422' } })
      .jpeg()
      .toBuffer();
    const boundary = 'xyz';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      jpeg,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const analyzed = await c.inject({
      method: 'POST',
      url: '/api/analyze-image',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(analyzed.statusCode).toBe(200);
    expect(analyzed.json()).toMatchObject({ success: true, structuredAnalysis: { source: 'runware' } });
    expect(analyzed.json().formattedPrompt).toMatch(/^a portrait of a smiling person/);
    expect(rw.submitted('caption')[0].inputs).toMatchObject({
      image: expect.stringMatching(/^data:image\/jpeg;base64,/),
    });

    expect(await ledgerMismatches(h.deps.db)).toEqual([]);
    rw.assertNoViolations();
  });

  it('draws a model that only exists offline with the offline renderer', async () => {
    const cat = await catalog(h.deps);
    const c = h.client();
    const u = await c.register();
    await giveTokens(h.deps, u.id, 500);
    const model = await readyModel(h.deps, u.id, { offlineHosted: true });
    const before = rw.received.length;
    const res = await c.post('/api/generate-image', {
      prompt: 'me',
      baseModelId: cat.schnell.id,
      modelId: model.id,
      count: 1,
      width: 256,
      height: 256,
    });
    expect(res.statusCode).toBe(200);
    expect(rw.received.length).toBe(before);
    const gen = (await h.deps.db.query.generations.findMany()).find((g) => g.id === res.json().generationId)!;
    expect(gen.engine).toBe('offline');
    rw.assertNoViolations();
  });
});
