import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  generatedImages,
  modelFaceReferences,
  models,
  trainingImages,
  userPrivacy,
} from '../../db/schema/index';
import { faceDistance } from '../../engines/vision/faces';
import { trainingPhotoKeys } from '../../storage/keys';
import { catalog, giveTokens, readyModel } from '../../test/generation-helpers';
import { createHarness, type Client, type Harness } from '../../test/harness';
import { until } from '../../test/until';
import { modelReferenceDescriptor } from './face-reference';
import { likenessScore } from './likeness-score';
import { scoreImage } from './likeness.job';

// The real face engine (about a second a photo on 2 cores): few photos, one harness.
const FIXTURES = path.join(process.cwd(), 'tests/fixtures/faces');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

let h: Harness;
let cat: Awaited<ReturnType<typeof catalog>>;
beforeAll(async () => {
  h = await createHarness({}, { realFaces: true });
  cat = await catalog(h.deps);
});
afterAll(async () => {
  await h?.close();
});

/** A ready, offline-hosted personal model whose training photos are these fixtures. */
async function modelWithPhotos(userId: string, photos: string[]) {
  // the score needs the owner's face-analysis consent (decision 025)
  await h.deps.db
    .insert(userPrivacy)
    .values({ userId, faceAnalysis: true, faceAnalysisAt: new Date(), noticeVersion: 'test' })
    .onConflictDoNothing();
  const model = await readyModel(h.deps, userId, { offlineHosted: true });
  for (const name of photos) {
    const id = randomUUID();
    const keys = trainingPhotoKeys(userId, model.id, id);
    await h.deps.storage.put(keys.image, fixture(name), 'image/jpeg');
    await h.deps.db.insert(trainingImages).values({
      id,
      modelId: model.id,
      userId,
      storageKey: keys.image,
      thumbKey: keys.thumb,
      width: 512,
      height: 512,
      bytes: 1,
      phash: '0'.repeat(16),
      originalName: name,
    });
  }
  return model;
}

async function generate(c: Client, modelId: string, loraStrength = 1) {
  const res = await c.post('/api/generate-image', {
    prompt: 'a portrait in a garden',
    baseModelId: cat.schnell.id,
    modelId,
    styleId: null,
    count: 1,
    width: 512,
    height: 512,
    hdEnabled: false,
    loraStrength,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().images[0].id as string;
}

/** Waits for the scoring job of this image to finish (it runs after the image is stored). */
async function scored(imageId: string, timeoutMs = 60_000) {
  const job = await until(
    async () => {
      const [job] = await h.deps.db.query.jobs.findMany({
        where: (j, { eq: is }) => is(j.singletonKey, `likeness:${imageId}`),
      });
      return job && (job.status === 'done' || job.status === 'failed') ? job : undefined;
    },
    'the likeness job to finish',
    timeoutMs,
    200,
  );
  expect(job.status, job.lastError ?? '').toBe('done');
  const [row] = await h.deps.db.select().from(generatedImages).where(eq(generatedImages.id, imageId));
  return row.likeness;
}

/** A copy of a stored image row showing this fixture, with its own LoRA weight and likeness. */
async function imageShowing(from: string, name: string, values: { loraStrength: number; likeness?: number }) {
  const [row] = await h.deps.db.select().from(generatedImages).where(eq(generatedImages.id, from));
  const id = randomUUID();
  const storageKey = `${row.storageKey}.${id}.jpg`;
  await h.deps.storage.put(storageKey, fixture(name), 'image/jpeg');
  await h.deps.db
    .insert(generatedImages)
    .values({ ...row, id, storageKey, thumbKey: null, likeness: null, ...values, createdAt: new Date() });
  return id;
}

describe('likeness score (offline, real face analysis)', () => {
  it("gives no score to a LoRA-weight-0 image or to someone else's face, and keeps them out of the average", async () => {
    const c = h.client();
    const u = await c.register();
    await giveTokens(h.deps, u.id, 500);
    const model = await modelWithPhotos(u.id, ['person-a-1.jpg', 'person-a-2.jpg']);
    const first = await generate(c, model.id);
    const firstScore = await scored(first);
    expect(firstScore).toBeGreaterThanOrEqual(80);
    // weight 0 shows no likeness of the person, even when the picture happens to hold the person's face
    const weightZero = await imageShowing(first, 'person-a-3.jpg', { loraStrength: 0 });
    expect(await scoreImage(h.deps, weightZero)).toBeNull();
    // a face that is not the person's: no score rather than a "2"
    const stranger = await imageShowing(first, 'different-person.jpg', { loraStrength: 1 });
    expect(await scoreImage(h.deps, stranger)).toBeNull();
    // a weight-0 image scored before the fix is neither shown nor averaged
    const old = await imageShowing(first, 'person-a-3.jpg', { loraStrength: 0, likeness: 2 });
    const admin = await h.admin();
    const listed = (
      (await admin.get('/api/admin/models?limit=50')).json() as { id: string; likeness: unknown }[]
    ).find((m) => m.id === model.id);
    expect(listed?.likeness).toEqual({ average: firstScore, scored: 1 });
    const page = (await c.get('/api/generated-images')).json();
    expect(page.images.find((i: { id: string }) => i.id === old).likeness).toBeNull();
  }, 180_000);

  it('scores an offline image of the person high, shows it in the gallery, never the descriptor', async () => {
    const c = h.client();
    const u = await c.register();
    await giveTokens(h.deps, u.id, 500);
    const modelA = await modelWithPhotos(u.id, ['person-a-1.jpg', 'person-a-2.jpg', 'person-a-3.jpg']);
    const imageA = await generate(c, modelA.id);
    const score = await scored(imageA);
    expect(score).toBeGreaterThanOrEqual(80);

    const page = await c.get('/api/generated-images');
    expect(page.json().images.find((i: { id: string }) => i.id === imageA).likeness).toBe(score);
    expect(page.body).not.toMatch(/descriptor/i);
    const admin = await h.admin();
    const list = await admin.get('/api/admin/models?limit=50');
    expect(list.body).not.toMatch(/descriptor/i);
    const listed = (list.json() as { id: string; likeness: unknown }[]).find((m) => m.id === modelA.id);
    expect(listed?.likeness).toEqual({ average: score, scored: 1 });

    // a model built from someone else's photo draws that person: its image is far from person A
    const modelB = await modelWithPhotos(u.id, ['different-person.jpg']);
    const imageB = await generate(c, modelB.id);
    await scored(imageB);
    const [b] = await h.deps.db.select().from(generatedImages).where(eq(generatedImages.id, imageB));
    const descriptorB = await h.deps.engines.faces.describe((await h.deps.storage.getBuffer(b.storageKey))!);
    const referenceA = (await modelReferenceDescriptor(h.deps, modelA.id))!;
    expect(descriptorB).not.toBeNull();
    const againstA = likenessScore(faceDistance(descriptorB!, referenceA));
    expect(againstA).toBeLessThan(score! - 40);
  }, 180_000);

  it('leaves an image without a detectable face unscored, and deletes the reference with the model', async () => {
    const c = h.client();
    const u = await c.register();
    await giveTokens(h.deps, u.id, 500);
    const model = await modelWithPhotos(u.id, ['person-a-4.jpg']);
    // LoRA strength 0: the renderer draws no face, and no score is even queued (decision 022)
    const image = await generate(c, model.id, 0);
    const queued = await h.deps.db.query.jobs.findMany({
      where: (j, { eq: is }) => is(j.singletonKey, `likeness:${image}`),
    });
    expect(queued).toHaveLength(0);
    const page = (await c.get('/api/generated-images')).json();
    expect(page.images.find((i: { id: string }) => i.id === image).likeness).toBeNull();
    expect(
      await h.deps.db.select().from(modelFaceReferences).where(eq(modelFaceReferences.modelId, model.id)),
    ).toHaveLength(1);
    await h.deps.db.delete(models).where(eq(models.id, model.id));
    expect(
      await h.deps.db.select().from(modelFaceReferences).where(eq(modelFaceReferences.modelId, model.id)),
    ).toHaveLength(0);
  }, 120_000);
});
