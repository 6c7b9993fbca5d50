import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness';
import { catalog, giveTokens, readyModel } from './test-helpers';

// The whole path with RUNWARE_API_KEY set: the job talks to a local double of Runware and copies
// the results into our storage (the double's URLs stop working right after, like expiring vendor URLs).
let h: Harness;
let server: http.Server;
let served = true;
const tasks: any[] = [];
let vendorJpeg: Buffer;

beforeAll(async () => {
  vendorJpeg = await sharp({ create: { width: 640, height: 512, channels: 3, background: '#884422' } }).jpeg().toBuffer();
  server = http.createServer((req, res) => {
    if (req.method === 'GET') {
      if (!served) return void res.writeHead(410).end();
      return void res.writeHead(200, { 'content-type': 'image/jpeg' }).end(vendorJpeg);
    }
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', () => {
      const [task] = JSON.parse(raw);
      tasks.push(task);
      const port = (server.address() as AddressInfo).port;
      const data =
        task.taskType === 'caption'
          ? [{ taskType: 'caption', taskUUID: task.taskUUID, text: 'a man in a red jacket on a snowy ridge' }]
          : Array.from({ length: task.numberResults }, (_, i) => ({
              taskType: 'imageInference',
              taskUUID: task.taskUUID,
              imageUUID: `u${i}`,
              imageURL: `http://127.0.0.1:${port}/img/${i}.jpg`,
              seed: task.seed + i,
              NSFWContent: false,
            }));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  h = await createHarness({ RUNWARE_API_KEY: 'rw-test', RUNWARE_AIR_SOURCE: 'acme', RUNWARE_API_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1` });
});
afterAll(async () => {
  await h?.close();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe('generation through Runware', () => {
  it('renders with the base model AIR and the personal LoRA, and keeps its own copies', async () => {
    const cat = await catalog(h.deps);
    const c = h.client();
    const u = await c.register();
    await giveTokens(h.deps, u.id, 500);
    const model = await readyModel(h.deps, u.id);
    const res = await c.post('/api/generate-image', {
      prompt: 'on a snowy ridge',
      baseModelId: cat.dev.id,
      modelId: model.id,
      styleId: cat.style.id,
      count: 2,
      width: 640,
      height: 512,
      seed: 99,
      loraStrength: 0.8,
      calculatedTokenCost: (15 + cat.style.tokenCost) * 2,
    });
    expect(res.statusCode).toBe(200);
    const task = tasks.find((t) => t.taskType === 'imageInference');
    expect(task).toMatchObject({
      model: 'runware:101@1',
      numberResults: 2,
      width: 640,
      height: 512,
      seed: 99,
      lora: [{ model: 'lorastudio:1@1', weight: 0.8 }],
      outputType: 'URL',
      checkNSFW: true,
    });
    expect(task.positivePrompt).toMatch(/^zxqperson, on a snowy ridge, anime style/);
    served = false;
    const out = res.json();
    expect(out.images).toHaveLength(2);
    const file = await c.get(out.images[1].imageUrl);
    expect(file.statusCode).toBe(200);
    expect((await sharp(file.rawPayload).metadata()).width).toBe(640);
    const gen = (await h.deps.db.query.generations.findMany())[0];
    expect(gen.engine).toBe('runware');
    served = true;
  });

  it('draws a model that only exists offline with the offline renderer', async () => {
    const cat = await catalog(h.deps);
    const c = h.client();
    const u = await c.register();
    await giveTokens(h.deps, u.id, 500);
    const model = await readyModel(h.deps, u.id, { offlineHosted: true });
    const before = tasks.length;
    const res = await c.post('/api/generate-image', { prompt: 'me', baseModelId: cat.schnell.id, modelId: model.id, count: 1, width: 256, height: 256 });
    expect(res.statusCode).toBe(200);
    expect(tasks.length).toBe(before);
    const gen = (await h.deps.db.query.generations.findMany()).find((g) => g.id === res.json().generationId)!;
    expect(gen.engine).toBe('offline');
  });

  it('answers analyze-image with the caption', async () => {
    const c = h.client();
    await c.register();
    const boundary = 'xyz';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
      vendorJpeg,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await c.inject({ method: 'POST', url: '/api/analyze-image', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, formattedPrompt: 'a man in a red jacket on a snowy ridge', structuredAnalysis: { source: 'runware' } });
  });
});
