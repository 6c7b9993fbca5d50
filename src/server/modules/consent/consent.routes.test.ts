import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatedImages, modelFaceReferences, trainingImages } from '../../db/schema/index';
import { createHarness, type Client, type Harness } from '../../test/harness';
import { faceFixture, type FaceFixture } from '../../test/face-fixtures';
import { catalog, readyModel } from '../../test/generation-helpers';
import { multipartBody } from '../../test/photo-fixtures';
import { until } from '../../test/until';
import { FACE_NOTICE_VERSION } from '../../../shared/privacy-notices';

// Face-analysis consent (decision 025) with the real offline face engine: a few photos only.
let h: Harness;
beforeAll(async () => {
  h = await createHarness({}, { realFaces: true });
});
afterAll(async () => {
  await h?.close();
});

type Photo = { check: { status: string; problems: string[] } | null };

async function uploadAndCheck(c: Client, names: FaceFixture[]) {
  const { id } = (await c.post('/api/models', { name: 'Consent test', subjectConsent: true })).json();
  const { body, contentType } = multipartBody(names.map((n) => ({ name: `${n}.jpg`, data: faceFixture(n) })));
  const up = await c.inject({
    method: 'POST',
    url: `/api/models/${id}/images`,
    payload: body,
    headers: { 'content-type': contentType },
  });
  expect(up.statusCode, up.body).toBe(201);
  const photos = await until(
    async () => {
      const m = (await c.get(`/api/models/${id}`)).json() as { trainingImages: Photo[] };
      return m.trainingImages.every((p) => p.check?.status !== 'pending') ? m.trainingImages : undefined;
    },
    'the photo checks to finish',
    120_000,
    250,
  );
  return { id, photos };
}

const descriptorsOf = async (userId: string) =>
  (
    await h.deps.db
      .select({ d: trainingImages.faceDescriptor })
      .from(trainingImages)
      .where(eq(trainingImages.userId, userId))
  ).filter((r) => r.d !== null).length;

describe('face-analysis consent (decision 025)', () => {
  it('is not given by default, is recorded with the notice version, and validates its input', async () => {
    const c = h.client();
    expect((await c.get('/api/user/privacy')).statusCode).toBe(401);
    await c.register();
    expect((await c.get('/api/user/privacy')).json()).toEqual({
      privacy: { faceAnalysis: false, faceAnalysisAt: null, noticeVersion: null },
    });
    const bad = await c.put('/api/user/privacy', { faceAnalysis: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_ERROR');
    const on = await c.put('/api/user/privacy', { faceAnalysis: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().privacy).toMatchObject({ faceAnalysis: true, noticeVersion: FACE_NOTICE_VERSION });
    expect(Date.parse(on.json().privacy.faceAnalysisAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await c.get('/api/user/privacy')).json().privacy.faceAnalysis).toBe(true);
  });

  it('without consent: the checks that need no identity run, no descriptor is stored', async () => {
    const c = h.client();
    const user = await c.register();
    const { photos } = await uploadAndCheck(c, ['person-a-1', 'no-face', 'group']);
    expect(photos.map((p) => p.check?.status)).toEqual(['checked', 'checked', 'checked']);
    expect(photos[1].check?.problems).toContain('no_face');
    expect(photos[2].check?.problems).toContain('several_people');
    expect(await descriptorsOf(user.id)).toBe(0);
  }, 150_000);

  it('switching off deletes every descriptor, face reference and likeness score of the user', async () => {
    const c = h.client();
    const user = await c.register();
    await c.put('/api/user/privacy', { faceAnalysis: true });
    const { id: modelId } = await uploadAndCheck(c, ['person-a-1', 'person-a-2']);
    expect(await descriptorsOf(user.id)).toBe(2);
    // a face reference and a scored image of this user, and a scored image of someone else
    const other = h.client();
    const stranger = await other.register();
    const cat = await catalog(h.deps);
    const ready = await readyModel(h.deps, user.id);
    await h.deps.db
      .insert(modelFaceReferences)
      .values({ modelId, descriptor: Array(128).fill(0.1), faces: 2, photoSet: 'x', computedAt: new Date() });
    const image = (userId: string, modelIdOf: string | null) => ({
      id: randomUUID(),
      userId,
      modelId: modelIdOf,
      baseModelId: cat.dev.id,
      width: 512,
      height: 512,
      likeness: 87,
      storageKey: `u/${userId}/images/x.jpg`,
      thumbKey: `u/${userId}/images/x.thumb.webp`,
    });
    await h.deps.db.insert(generatedImages).values([image(user.id, ready.id), image(stranger.id, null)]);

    const off = await c.put('/api/user/privacy', { faceAnalysis: false });
    expect(off.json().privacy.faceAnalysis).toBe(false);
    await until(async () => (await descriptorsOf(user.id)) === 0, 'the descriptors to go', 20_000);
    await until(
      async () => {
        const rows = await h.deps.db.execute(
          sql`select count(*)::int as n from generated_images where user_id = ${user.id} and likeness is not null`,
        );
        return (rows as unknown as { rows: { n: number }[] }).rows[0].n === 0;
      },
      'the scores to go',
      20_000,
    );
    expect(
      await h.deps.db.select().from(modelFaceReferences).where(eq(modelFaceReferences.modelId, modelId)),
    ).toEqual([]);
    const [kept] = await h.deps.db
      .select({ likeness: generatedImages.likeness })
      .from(generatedImages)
      .where(eq(generatedImages.userId, stranger.id));
    expect(kept.likeness).toBe(87);
    // the photos themselves stay, with their identity-free verdicts
    expect((await c.get(`/api/models/${modelId}`)).json().trainingImages).toHaveLength(2);
  }, 150_000);
});
