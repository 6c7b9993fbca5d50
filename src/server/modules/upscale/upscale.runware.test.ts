import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRunwareDouble, type RunwareDouble } from '../../../../tests/vendors/runware-double';
import { generatedImages } from '../../db/schema/index';
import { runwareRequest } from '../../engines/images/runware-tasks';
import { RUNWARE_UPSCALE_MODEL, upscaleTask } from '../../engines/images/runware-upscale';
import { generatedImageKeys } from '../../storage/keys';
import { catalog, giveTokens } from '../../test/generation-helpers';
import { createHarness, type Harness } from '../../test/harness';

// Issue 25, part 3, with RUNWARE_API_KEY set: the upscale goes to Runware's `upscale` task, held to
// its contract by the strict double (tests/vendors/runware-contract.ts); zero violations.
let h: Harness;
let rw: RunwareDouble;
beforeAll(async () => {
  rw = await createRunwareDouble({ apiKey: 'rw-test', airSources: ['acme'], renderMs: 50 });
  h = await createHarness({
    RUNWARE_API_KEY: 'rw-test',
    RUNWARE_API_URL: rw.url,
    RUNWARE_AIR_SOURCE: 'acme',
  });
});
afterAll(async () => {
  await h?.close();
  await rw?.close();
});

async function seedImage(userId: string, width: number, height: number) {
  const cat = await catalog(h.deps);
  const id = randomUUID();
  const keys = generatedImageKeys(userId, id);
  const data = await sharp({ create: { width, height, channels: 3, background: '#406080' } })
    .jpeg()
    .toBuffer();
  await h.deps.storage.put(keys.original, data, 'image/jpeg');
  await h.deps.db.insert(generatedImages).values({
    id,
    userId,
    baseModelId: cat.dev.id,
    prompt: 'a portrait',
    width,
    height,
    storageKey: keys.original,
    thumbKey: keys.original,
  });
  return id;
}

describe('upscale with Runware keys', () => {
  it('sends the upscale task by the contract and stores the vendor result at 2× and 4×', async () => {
    expect(h.deps.engines.upscaler.name).toBe('runware');
    const c = h.client();
    const u = await c.register();
    await giveTokens(h.deps, u.id, 100);
    const src = await seedImage(u.id, 512, 384);
    for (const factor of [2, 4] as const) {
      const res = await c.post(`/api/generated-images/${src}/upscale`, { factor });
      expect(res.statusCode).toBe(200);
      expect(res.json().image).toMatchObject({
        width: 512 * factor,
        height: 384 * factor,
        upscaledFrom: src,
      });
      const stored = await c.get(res.json().image.imageUrl);
      const meta = await sharp(stored.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([512 * factor, 384 * factor]);
    }
    const sent = rw.submitted('upscale');
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatchObject({
      model: RUNWARE_UPSCALE_MODEL,
      upscaleFactor: 2,
      outputType: 'URL',
      // Runware keeps the upscaled picture of the person for an hour only
      ttl: 3600,
      outputFormat: 'JPG',
      deliveryMethod: 'async',
    });
    expect(String(sent[0]!.inputImage)).toMatch(/^data:image\/jpeg;base64,/);
    rw.assertNoViolations();
  });
});

describe('the contract double holds the upscale task to the SDK schema', () => {
  it('refuses unknown fields, old task names, a factor the model cannot do, and results over 4096 px', async () => {
    const strict = await createRunwareDouble({ apiKey: 'k', airSources: [] });
    try {
      const image = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#000' } })
        .jpeg()
        .toBuffer();
      const good = upscaleTask({ taskId: randomUUID(), image, width: 64, height: 64, factor: 2 });
      const ask = (task: object) => runwareRequest({ apiKey: 'k', baseUrl: strict.url, retries: 0 }, [task]);
      expect((await ask(good)).errors).toEqual([]);
      const cases: [object, string][] = [
        [{ ...good, taskUUID: randomUUID(), sharpen: true }, 'unknownParameter'],
        [{ ...good, taskUUID: randomUUID(), taskType: 'imageUpscale' }, 'invalidTaskType'],
        [{ ...good, taskUUID: randomUUID(), upscaleFactor: 3 }, 'invalidUpscaleFactor'],
        [
          { ...good, taskUUID: randomUUID(), upscaleFactor: 4, model: 'runware:500@1' },
          'invalidUpscaleFactor',
        ],
        [{ ...good, taskUUID: randomUUID(), model: undefined }, 'missingModel'],
        [{ ...good, taskUUID: randomUUID(), inputImage: 'not an image!' }, 'invalidInputImage'],
        [{ ...good, taskUUID: randomUUID(), outputQuality: 100 }, 'invalidOutputQuality'],
        [{ ...good, taskUUID: randomUUID(), ttl: 30 }, 'invalidTtl'],
      ];
      for (const [task, code] of cases) {
        const reply = await ask(JSON.parse(JSON.stringify(task)));
        expect(reply.errors.map((e) => e.code)).toEqual([code]);
      }
      const big = await sharp({ create: { width: 1500, height: 1000, channels: 3, background: '#000' } })
        .jpeg()
        .toBuffer();
      await ask(upscaleTask({ taskId: randomUUID(), image: big, width: 1500, height: 1000, factor: 4 }));
      expect(strict.violations.map((v) => v.code)).toContain('upscaleOverCap');
    } finally {
      await strict.close();
    }
  });
});
