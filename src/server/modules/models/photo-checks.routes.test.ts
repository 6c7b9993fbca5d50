import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineError } from '../../engines/engine-error';
import { createHarness, facesOff, type Client, type Harness } from '../../test/harness';
import { faceFixture, type FaceFixture } from '../../test/face-fixtures';
import { multipartBody } from '../../test/photo-fixtures';
import { until, withRetriesNow } from '../../test/until';
import { grantTokens } from '../../test/training-helpers';
import { bestFaceCrop, referenceDescriptor } from './model-faces';
import sharp from 'sharp';

// The photo checks end to end through the API with the real offline face engine (decision 020):
// eight licensed photos (tests/fixtures/README.md), about a second each on two cores.
let h: Harness;
beforeAll(async () => {
  h = await createHarness({}, { realFaces: true });
});
afterAll(async () => {
  await h?.close();
});

type Photo = { id: string; check: { status: string; verdict: string | null; problems: string[] } | null };
type ModelJson = {
  id: string;
  userId: string;
  status: string;
  trainingImages: Photo[];
  photoChecks: { pending: number; passing: number; flagged: number } | null;
};

async function count(query: ReturnType<typeof sql>) {
  const res = await h.deps.db.execute(query);
  return (res as unknown as { rows: { n: number }[] }).rows[0].n;
}

async function upload(c: Client, modelId: string, names: FaceFixture[]) {
  const { body, contentType } = multipartBody(names.map((n) => ({ name: `${n}.jpg`, data: faceFixture(n) })));
  return c.inject({
    method: 'POST',
    url: `/api/models/${modelId}/images`,
    payload: body,
    headers: { 'content-type': contentType },
  });
}

async function waitForChecks(c: Client, modelId: string, timeoutMs = 150_000): Promise<ModelJson> {
  let last: ModelJson | undefined;
  return until(
    async () => {
      last = (await c.get(`/api/models/${modelId}`)).json() as ModelJson;
      return last.photoChecks?.pending === 0 ? last : undefined;
    },
    () => `the checks to end, still pending: ${JSON.stringify(last?.photoChecks)}`,
    timeoutMs,
    250,
  );
}

const PHOTOS: FaceFixture[] = [
  'person-a-1',
  'person-a-2',
  'person-a-3',
  'no-face',
  'group',
  'tiny-face',
  'blurred',
  'different-person',
];

describe('training photo checks (real engine)', () => {
  it('marks the photos failed, not checking for ever, when the engine keeps failing', async () => {
    const crashing = {
      ...facesOff,
      analyzeFaces: async () => {
        throw new EngineError('Face analysis stopped', true);
      },
    };
    const broken = await createHarness({}, { engines: () => ({ faces: crashing }) });
    try {
      const c = broken.client();
      await c.register();
      const modelId = (
        (
          await c.post('/api/models', { name: 'Broken engine', description: '', subjectConsent: true })
        ).json() as {
          id: string;
        }
      ).id;
      expect((await upload(c, modelId, ['person-a-1'])).statusCode).toBe(201);
      // its attempts' backoffs are not what this test is about
      const model = await withRetriesNow(broken.deps.db, waitForChecks(c, modelId, 30_000));
      expect(model.trainingImages[0].check).toEqual({ status: 'failed', verdict: null, problems: [] });
      expect(model.photoChecks).toEqual({ pending: 0, passing: 1, flagged: 0 });
    } finally {
      await broken.close();
    }
  }, 60_000);

  it('stores photos without checks when PHOTO_CHECKS=off', async () => {
    const off = await createHarness({ PHOTO_CHECKS: 'off' });
    try {
      const c = off.client();
      await c.register();
      const modelId = (
        (
          await c.post('/api/models', { name: 'Unchecked', description: '', subjectConsent: true })
        ).json() as {
          id: string;
        }
      ).id;
      const res = await upload(c, modelId, ['person-a-1']);
      expect(res.statusCode).toBe(201);
      const model = res.json().model as ModelJson;
      expect(model.trainingImages[0].check).toBeNull();
      expect(model.photoChecks).toEqual({ pending: 0, passing: 1, flagged: 0 });
    } finally {
      await off.close();
    }
  });

  it('gives each photo its verdict, keeps the descriptor out of every answer, and never blocks training', async () => {
    const c = h.client();
    const user = await c.register();
    // "different person" needs the descriptor, and so the face-analysis consent (decision 025)
    expect((await c.put('/api/user/privacy', { faceAnalysis: true })).statusCode).toBe(200);
    const created = await c.post('/api/models', {
      name: 'Checked Portrait',
      description: '',
      subjectConsent: true,
    });
    const modelId = (created.json() as { id: string }).id;

    const started = Date.now();
    const res = await upload(c, modelId, PHOTOS);
    expect(res.statusCode).toBe(201);
    // the upload answers before any face is analysed
    expect(Date.now() - started).toBeLessThan(15_000);
    const uploaded = res.json().model as ModelJson;
    expect(uploaded.trainingImages.map((p) => p.check?.status)).toEqual(PHOTOS.map(() => 'pending'));
    expect(uploaded.photoChecks).toEqual({ pending: 8, passing: 0, flagged: 0 });

    const model = await waitForChecks(c, modelId);
    const verdicts = Object.fromEntries(
      model.trainingImages.map((p, i) => [PHOTOS[i], p.check?.verdict ?? null]),
    );
    expect(verdicts).toEqual({
      'person-a-1': null,
      'person-a-2': null,
      'person-a-3': null,
      'no-face': 'no_face',
      group: 'several_people',
      'tiny-face': 'face_too_small',
      blurred: 'blurry',
      'different-person': 'different_person',
    });
    expect(model.photoChecks).toEqual({ pending: 0, passing: 3, flagged: 5 });
    expect(model.trainingImages.every((p) => p.check?.status === 'checked')).toBe(true);

    // biometric data stays in the database
    const raw = (await c.get(`/api/models/${modelId}`)).body + (await c.get('/api/models')).body;
    expect(raw).not.toMatch(/descriptor|faceBox|face_distance|faceDistance/i);
    const stored = await count(
      sql`select count(*)::int as n from training_images where model_id = ${modelId} and face_descriptor is not null`,
    );
    expect(stored).toBeGreaterThanOrEqual(4);

    // what later features build on: the reference face and the best crop come from the clean photos
    expect(await referenceDescriptor(h.deps, modelId)).toHaveLength(128);
    const crop = await bestFaceCrop(h.deps, modelId, { size: 256 });
    expect(await sharp(crop!).metadata()).toMatchObject({ format: 'jpeg', width: 256, height: 256 });

    // advisory only: training starts with five flagged photos
    await grantTokens(h, user.id, 1000);
    const train = await c.post(`/api/models/${modelId}/train`, {});
    expect(train.statusCode).toBe(200);
    await c.post(`/api/models/${modelId}/cancel-training`, {});
  }, 240_000);

  it('removes the flagged photos in one click, only for the owner and before training', async () => {
    const c = h.client();
    await c.register();
    await c.put('/api/user/privacy', { faceAnalysis: true });
    const modelId = (
      (
        await c.post('/api/models', { name: 'Tidy Portrait', description: '', subjectConsent: true })
      ).json() as {
        id: string;
      }
    ).id;
    expect((await upload(c, modelId, ['person-a-1', 'person-a-4', 'no-face'])).statusCode).toBe(201);
    await waitForChecks(c, modelId);

    const other = h.client();
    await other.register();
    expect((await other.post(`/api/models/${modelId}/images/remove-flagged`, {})).statusCode).toBe(404);

    const res = await c.post(`/api/models/${modelId}/images/remove-flagged`, {});
    expect(res.statusCode).toBe(200);
    const body = res.json() as { removed: number; model: ModelJson };
    expect(body.removed).toBe(1);
    expect(body.model.trainingImages).toHaveLength(2);
    expect(body.model.photoChecks).toEqual({ pending: 0, passing: 2, flagged: 0 });
    expect(await count(sql`select count(*)::int as n from training_images where model_id = ${modelId}`)).toBe(
      2,
    );

    // deleting the model deletes the descriptors with its photos
    expect((await c.del(`/api/models/${modelId}`)).statusCode).toBe(200);
    expect(await count(sql`select count(*)::int as n from training_images where model_id = ${modelId}`)).toBe(
      0,
    );
  });

  it('does not call a mirrored selfie someone else (front cameras mirror)', async () => {
    const c = h.client();
    await c.register();
    const created = await c.post('/api/models', {
      name: 'Mirrored selfie',
      description: '',
      subjectConsent: true,
    });
    const modelId = (created.json() as { id: string }).id;
    const mirrored = await sharp(faceFixture('person-a-1')).rotate().flop().jpeg({ quality: 95 }).toBuffer();
    const { body, contentType } = multipartBody([
      ...(['person-a-2', 'person-a-3', 'person-a-4'] as const).map((n) => ({
        name: `${n}.jpg`,
        data: faceFixture(n),
      })),
      { name: 'selfie-mirrored.jpg', data: mirrored },
    ]);
    const res = await c.inject({
      method: 'POST',
      url: `/api/models/${modelId}/images`,
      payload: body,
      headers: { 'content-type': contentType },
    });
    expect(res.statusCode).toBe(201);
    const model = await waitForChecks(c, modelId);
    // unmirrored compare: 0.69 from the median, past the 0.6 threshold; mirrored back: 0.13
    expect(model.trainingImages.map((p) => p.check?.verdict ?? null)).toEqual([null, null, null, null]);
    expect(model.photoChecks).toEqual({ pending: 0, passing: 4, flagged: 0 });
  }, 180_000);
});
