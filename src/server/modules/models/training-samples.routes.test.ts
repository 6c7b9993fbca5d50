import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { models as modelsTable } from '../../db/schema/index';
import { trainingSampleKey, trainingSamplesPrefix } from '../../storage/keys';
import { createHarness, type Client, type Harness } from '../../test/harness';
import { until } from '../../test/until';

// The samples ai-toolkit renders at the end of a training (engines/training/ai-toolkit.ts stores
// them under the model) on GET /api/models/:id, readable through /files by the owner only, and
// deleted with the model. The run itself is tested in ai-toolkit.flow.test.ts.

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const jpeg = (seed: number) =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: { r: seed, g: 90, b: 140 } } })
    .jpeg()
    .toBuffer();

/** A ready model as the GPU trainer leaves it: its provider, and samples under the model. */
async function gpuTrainedModel(c: Client, trainingProvider = 'ai-toolkit') {
  const res = await c.post('/api/models', { name: 'Studio portrait', description: '', subjectConsent: true });
  expect(res.statusCode).toBe(201);
  const { id, userId } = res.json() as { id: string; userId: string };
  await h.deps.db
    .update(modelsTable)
    .set({ status: 'ready', trainingProvider })
    .where(eq(modelsTable.id, id));
  // stored out of order, and one of the first release's step-less names
  for (const [n, step] of [
    [2, 1000],
    [0, 1000],
    [1, 1000],
  ] as const)
    await h.deps.storage.put(trainingSampleKey(userId, id, n, step), await jpeg(n * 40), 'image/jpeg');
  await h.deps.storage.put(`${trainingSamplesPrefix(userId, id)}3.jpg`, await jpeg(200), 'image/jpeg');
  return { id, userId };
}

describe('training samples on the model detail', () => {
  it('lists them in order with their steps; the owner reads each through /files, nobody else can', async () => {
    const owner = h.client();
    await owner.register();
    const { id } = await gpuTrainedModel(owner);

    const detail = await owner.get(`/api/models/${id}`);
    expect(detail.statusCode).toBe(200);
    const samples = detail.json().trainingSamples as { url: string; step: number | null }[];
    expect(samples.map((s) => s.step)).toEqual([1000, 1000, 1000, null]);
    expect(samples.map((s) => s.url.replace(/^.*\/samples\//, ''))).toEqual([
      '0-step-1000.jpg',
      '1-step-1000.jpg',
      '2-step-1000.jpg',
      '3.jpg',
    ]);
    for (const s of samples) {
      expect(s.url).toMatch(/^\/files\/u\/[0-9a-f-]{36}\/models\/[0-9a-f-]{36}\/samples\//);
      const file = await owner.get(s.url);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/jpeg');
      // under the model, as its photos: no shared cache keeps a copy
      expect(file.headers['cache-control']).toMatch(/no-store/);
      expect((await sharp(file.rawPayload).metadata()).width).toBe(64);
    }

    const stranger = h.client();
    await stranger.register();
    expect((await stranger.get(`/api/models/${id}`)).statusCode).toBe(404);
    for (const s of samples) expect([403, 404]).toContain((await stranger.get(s.url)).statusCode);
    const anonymous = h.client();
    for (const s of samples) expect([401, 403, 404]).toContain((await anonymous.get(s.url)).statusCode);
  });

  it('is empty for a model of another trainer, and on the list, which carries no samples', async () => {
    const owner = h.client();
    await owner.register();
    const { id } = await gpuTrainedModel(owner, 'offline');
    expect((await owner.get(`/api/models/${id}`)).json().trainingSamples).toEqual([]);
    const list = (await owner.get('/api/models')).json() as { id: string; trainingSamples?: unknown }[];
    expect(list.find((m) => m.id === id)).not.toHaveProperty('trainingSamples');
  });

  it('deleting the model deletes its samples from storage', async () => {
    const owner = h.client();
    await owner.register();
    const { id, userId } = await gpuTrainedModel(owner);
    const urls = ((await owner.get(`/api/models/${id}`)).json().trainingSamples as { url: string }[]).map(
      (s) => s.url,
    );
    expect(urls).toHaveLength(4);
    expect((await owner.del(`/api/models/${id}`)).statusCode).toBe(200);
    await until(
      async () => (await h.deps.storage.list(trainingSamplesPrefix(userId, id))).length === 0,
      'the samples to leave storage',
    );
    for (const u of urls) expect((await owner.get(u)).statusCode).toBe(404);
  });
});
