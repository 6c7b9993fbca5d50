import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { models, trainingImages } from '../../db/schema/index';
import { createHarness, type Client, type Harness } from '../../test/harness';
import { makePhoto, multipartBody } from '../../test/photo-fixtures';
import { CONSENT_REQUIRED_MESSAGE, SUBJECT_NOTICE_VERSION } from '../../../shared/privacy-notices';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

async function upload(c: Client, modelId: string, count = 2) {
  const photos = await Promise.all(Array.from({ length: count }, (_, i) => makePhoto(40 + i, { size: 256 })));
  const { body, contentType } = multipartBody(photos.map((data, i) => ({ name: `p${i}.jpg`, data })));
  return c.inject({
    method: 'POST',
    url: `/api/models/${modelId}/images`,
    payload: body,
    headers: { 'content-type': contentType },
  });
}

async function filesUnder(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => e.name);
  } catch {
    return [];
  }
}

describe('subject attestation (decision 025)', () => {
  it('refuses photos with 403 CONSENT_REQUIRED until the owner attests, and writes nothing', async () => {
    const c = h.client();
    const user = await c.register();
    const created = await c.post('/api/models', { name: 'No attestation yet', description: '' });
    expect(created.statusCode).toBe(201);
    const model = created.json() as { id: string; subjectConsentAt: string | null };
    expect(model.subjectConsentAt).toBeNull();

    const refused = await upload(c, model.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'CONSENT_REQUIRED', error: CONSENT_REQUIRED_MESSAGE });
    expect(await h.deps.db.select().from(trainingImages).where(eq(trainingImages.modelId, model.id))).toEqual(
      [],
    );
    expect(await filesUnder(path.join(h.config.dataDir, 'files', 'u', user.id))).toEqual([]);
    const [row] = await h.deps.db.select().from(models).where(eq(models.id, model.id));
    expect(row.status).toBe('pending');

    const before = Date.now();
    const consent = await c.post(`/api/models/${model.id}/consent`);
    expect(consent.statusCode, consent.body).toBe(200);
    expect(Date.parse(consent.json().model.subjectConsentAt)).toBeGreaterThanOrEqual(before - 1000);
    const [attested] = await h.deps.db.select().from(models).where(eq(models.id, model.id));
    expect(attested.subjectNoticeVersion).toBe(SUBJECT_NOTICE_VERSION);
    // attesting twice keeps the first record
    const again = await c.post(`/api/models/${model.id}/consent`);
    expect(again.json().model.subjectConsentAt).toBe(consent.json().model.subjectConsentAt);

    const ok = await upload(c, model.id);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().uploaded).toBe(2);
  });

  it('records the attestation at creation with subjectConsent: true', async () => {
    const c = h.client();
    await c.register();
    const created = await c.post('/api/models', { name: 'Attested', description: '', subjectConsent: true });
    expect(created.statusCode).toBe(201);
    expect(created.json().subjectConsentAt).toEqual(expect.any(String));
    expect((await upload(c, created.json().id)).statusCode).toBe(201);
    const bad = await c.post('/api/models', { name: 'Bad flag', subjectConsent: 'yes' });
    expect(bad.statusCode).toBe(400);
  });

  it('lets only the owner attest: an admin is refused, a stranger finds nothing', async () => {
    const owner = h.client();
    await owner.register();
    const { id } = (await owner.post('/api/models', { name: 'Owner only', description: '' })).json();
    const admin = await h.admin();
    const byAdmin = await admin.post(`/api/models/${id}/consent`);
    expect(byAdmin.statusCode).toBe(403);
    const stranger = h.client();
    await stranger.register();
    expect((await stranger.post(`/api/models/${id}/consent`)).statusCode).toBe(404);
    expect((await owner.get(`/api/models/${id}`)).json().subjectConsentAt).toBeNull();
  });
});
