import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelFaceReferences, models, notifications, trainingImages } from '../../db/schema/index';
import { catalog, giveTokens } from '../../test/generation-helpers';
import { createHarness, type Client, type Harness } from '../../test/harness';
import { grantTokens, modelWithPhotos, waitForStatus } from '../../test/training-helpers';
import { PHOTOS_DELETED_MESSAGE } from '../../../shared/privacy-notices';
import { defineRetentionJob, JOB_RETENTION, runRetention } from './retention.job';
import { until } from '../../test/until';

const DAY = 86_400_000;
let h: Harness;
beforeAll(async () => {
  h = await createHarness({ PHOTO_RETENTION_DAYS: '30', UNUSED_MODEL_PHOTO_DAYS: '14' });
});
afterAll(async () => {
  await h?.close();
});

const photoRows = async (modelId: string) =>
  (await h.deps.db.select().from(trainingImages).where(eq(trainingImages.modelId, modelId))).length;
const modelRow = async (id: string) => (await h.deps.db.select().from(models).where(eq(models.id, id)))[0];

async function filesOf(userId: string, modelId: string, sub: string) {
  try {
    return await readdir(path.join(h.config.dataDir, 'files', 'u', userId, 'models', modelId, sub));
  } catch {
    return [];
  }
}

async function readyWithPhotos(c: Client, userId: string) {
  await grantTokens(h, userId, 150);
  const modelId = await modelWithPhotos(c, 5, Math.floor(Math.random() * 1000));
  expect((await c.post(`/api/models/${modelId}/train`, {})).statusCode).toBe(200);
  await waitForStatus(c, modelId, ['ready'], 30_000);
  return modelId;
}

describe('retention schedule (decision 025)', () => {
  it('deletes a ready model’s photos and face data at N days through the daily job; the model still generates', async () => {
    const c = h.client();
    const user = await c.register();
    const modelId = await readyWithPhotos(c, user.id);
    const readyAt = (await modelRow(modelId)).readyAt!;
    await h.deps.db
      .insert(modelFaceReferences)
      .values({ modelId, descriptor: Array(128).fill(0.2), faces: 5, photoSet: 'x', computedAt: new Date() });
    expect(await filesOf(user.id, modelId, 'images')).toHaveLength(5);

    // a day before the schedule: nothing happens
    expect(await runRetention(h.deps, new Date(readyAt.getTime() + 29 * DAY))).toEqual({
      models: 0,
      photos: 0,
      notifications: 0,
      deletedEmails: 0,
    });
    expect(await photoRows(modelId)).toBe(5);

    // the daily job with its clock moved past 30 days
    defineRetentionJob(h.deps, () => new Date(readyAt.getTime() + 31 * DAY));
    await h.deps.queue.enqueue(JOB_RETENTION, {}, { singletonKey: JOB_RETENTION });
    await until(async () => (await photoRows(modelId)) === 0, 'the photos to go', 20_000);
    const after = await modelRow(modelId);
    expect(after.status).toBe('ready');
    expect(after.photosDeletedAt).not.toBeNull();
    expect(after.previewImageKey).toBeNull();
    expect(
      await h.deps.db.select().from(modelFaceReferences).where(eq(modelFaceReferences.modelId, modelId)),
    ).toEqual([]);
    await until(
      async () =>
        (await filesOf(user.id, modelId, 'images')).length === 0 &&
        (await filesOf(user.id, modelId, 'thumbs')).length === 0,
      'the files to go',
      20_000,
    );
    // one chain only, however often it is scheduled: a second enqueue is refused while it waits
    expect(await h.deps.queue.enqueue(JOB_RETENTION, {}, { singletonKey: JOB_RETENTION })).toBeNull();
    // and a second pass finds nothing (idempotent)
    expect(await runRetention(h.deps, new Date(readyAt.getTime() + 32 * DAY))).toEqual({
      models: 0,
      photos: 0,
      notifications: 0,
      deletedEmails: 0,
    });

    // the weights stay: the model keeps generating
    await giveTokens(h.deps, user.id, 100);
    const cat = await catalog(h.deps);
    const gen = await c.post('/api/generate-image', {
      prompt: 'a portrait by the sea',
      baseModelId: cat.schnell.id,
      modelId,
      styleId: null,
      count: 1,
      width: 512,
      height: 512,
      hdEnabled: false,
    });
    expect(gen.statusCode, gen.body).toBe(200);
    expect(gen.json().images).toHaveLength(1);
    expect((await c.get(`/api/models/${modelId}`)).json()).toMatchObject({
      trainingImages: [],
      imageCount: 0,
    });
  }, 90_000);

  it('deletes photos of a model never trained after the unused period; training then asks for new photos', async () => {
    const c = h.client();
    const user = await c.register();
    const modelId = await modelWithPhotos(c, 5, 500);
    const uploadedAt = new Date();
    expect(await runRetention(h.deps, new Date(uploadedAt.getTime() + 13 * DAY))).toMatchObject({
      photos: 0,
    });
    expect(await runRetention(h.deps, new Date(uploadedAt.getTime() + 15 * DAY))).toMatchObject({
      photos: 5,
    });
    expect(await modelRow(modelId)).toMatchObject({ status: 'pending', zipKey: null });
    await grantTokens(h, user.id, 150);
    const train = await c.post(`/api/models/${modelId}/train`, {});
    expect(train.statusCode).toBe(409);
    expect(train.json()).toMatchObject({ code: 'PHOTOS_DELETED', error: PHOTOS_DELETED_MESSAGE });
    expect((await c.get(`/api/models/${modelId}`)).json().photosDeletedAt).toEqual(expect.any(String));
  }, 60_000);

  it('"Delete my training photos now": owner only, refused mid-training, keeps the ready model', async () => {
    const c = h.client();
    const user = await c.register();
    const modelId = await readyWithPhotos(c, user.id);
    const stranger = h.client();
    await stranger.register();
    expect((await stranger.del(`/api/models/${modelId}/photos`)).statusCode).toBe(404);
    const admin = await h.admin();
    expect((await admin.del(`/api/models/${modelId}/photos`)).statusCode).toBe(403);
    expect(await photoRows(modelId)).toBe(5);

    const res = await c.del(`/api/models/${modelId}/photos`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, deleted: 5, model: { status: 'ready' } });
    expect(res.json().model.photosDeletedAt).toEqual(expect.any(String));
    expect(await photoRows(modelId)).toBe(0);
    // a model whose photos are gone cannot be trained again without new ones
    const again = await c.post(`/api/models/${modelId}/train`, {});
    expect(again.json().code).toBe('PHOTOS_DELETED');

    await h.deps.db.update(models).set({ status: 'training' }).where(eq(models.id, modelId));
    expect((await c.del(`/api/models/${modelId}/photos`)).statusCode).toBe(409);
  }, 60_000);
});

describe('notifications retention', () => {
  it('deletes every notification, read or not, made more than NOTIFICATION_RETENTION_DAYS ago', async () => {
    const now = new Date();
    const ago = (days: number) => new Date(now.getTime() - days * DAY);
    const [a, b] = [await h.client().register(), await h.client().register()];
    const row = (userId: string, key: string, createdAt: Date, readAt: Date | null = null) => ({
      userId,
      kind: 'purchase_credited' as const,
      subjectKey: `retention-test:${key}`,
      title: 'Tokens added',
      body: 'Your purchase is in your balance.',
      createdAt,
      readAt,
    });
    await h.deps.db
      .insert(notifications)
      .values([
        row(a.id, 'old-read', ago(181), ago(170)),
        row(a.id, 'old-unread', ago(200)),
        row(b.id, 'old-other', ago(365)),
        row(a.id, 'recent', ago(179)),
      ]);
    const left = async () =>
      (await h.deps.db.select({ key: notifications.subjectKey }).from(notifications))
        .map((r) => r.key)
        .filter((k) => k.startsWith('retention-test:'))
        .sort();
    expect(h.config.privacy.notificationRetentionDays).toBe(180);
    expect((await runRetention(h.deps, now)).notifications).toBe(3);
    expect(await left()).toEqual(['retention-test:recent']);
    // a second run finds nothing more
    expect((await runRetention(h.deps, now)).notifications).toBe(0);
    // another person's old one went as well
    expect((await h.deps.db.select().from(notifications).where(eq(notifications.userId, b.id))).length).toBe(
      0,
    );
  });
});

describe('GET /api/config privacy', () => {
  it('shows the retention numbers from the configuration, and no processor when offline', async () => {
    const other = await createHarness({
      PHOTO_RETENTION_DAYS: '7',
      UNUSED_MODEL_PHOTO_DAYS: '3',
      BACKUP_RETENTION_DAYS: '14',
    });
    try {
      const res = await other.client().get('/api/config');
      expect(res.json().privacy).toMatchObject({
        photoRetentionDays: 7,
        unusedModelPhotoDays: 3,
        exportLinkHours: other.config.privacy.exportLinkHours,
        notificationRetentionDays: 180,
        backupRetentionDays: 14,
        processors: [],
      });
    } finally {
      await other.close();
    }
    expect((await h.client().get('/api/config')).json().privacy.photoRetentionDays).toBe(30);
  });
});
