import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness';
import { drainQueue } from '../../test/until';
import { ledgerMismatches } from '../tokens/ledger.service';
import { settleFileJobs } from '../../test/storage-jobs';
import { grantTokens, modelWithPhotos, waitForStatus } from '../../test/training-helpers';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const balance = async (c: ReturnType<Harness['client']>) =>
  (await c.get('/api/auth/user')).json().user.tokenBalance as number;
const ledgerOf = (userId: string) =>
  h.deps.db.query.transactions.findMany({ where: (t, { eq }) => eq(t.userId, userId) });

describe('training pipeline (offline engines)', () => {
  it('refuses training below 5 images (409) and below 150 tokens (402), charging nothing', async () => {
    const c = h.client();
    const user = await c.register();
    const few = await modelWithPhotos(c, 4, 10);
    expect((await c.post(`/api/models/${few}/train`)).statusCode).toBe(409);
    const id = await modelWithPhotos(c, 5, 20);
    const poor = await c.post(`/api/models/${id}/train`);
    expect(poor.statusCode).toBe(402);
    expect(poor.json()).toMatchObject({
      code: 'INSUFFICIENT_TOKENS',
      error: 'Insufficient tokens. Please purchase more tokens to start training.',
    });
    expect(await balance(c)).toBe(50);
    expect((await c.get(`/api/models/${id}`)).json().status).toBe('uploaded');
    expect((await ledgerOf(user.id)).length).toBe(1);
  });

  it('trains, hosts and becomes ready with an AIR; artifact in the agreed format', async () => {
    const c = h.client();
    const user = await c.register();
    await grantTokens(h, user.id, 150);
    const id = await modelWithPhotos(c, 6, 30);
    const res = await c.post(`/api/models/${id}/train`);
    expect(res.statusCode).toBe(200);
    expect(res.json().model.status).toBe('training');
    expect(await balance(c)).toBe(50);
    // images can no longer be added
    const status = await c.get(`/api/models/${id}/training-status`);
    expect(status.json()).toMatchObject({
      cancelUrl: `/api/models/${id}/cancel-training`,
      model: { status: 'training' },
    });
    const ready = await waitForStatus(c, id, ['ready', 'failed']);
    expect(ready.status).toBe('ready');
    expect(ready.runwareAirName).toBe(`offline:${id}@1`);
    const st = (await c.get(`/api/models/${id}/training-status`)).json();
    expect(st).toMatchObject({
      progress: 100,
      phaseCompleted: 4,
      readyStatus: 'ready',
      uploadStatus: 'success',
      runwareUploadStatus: { status: 'success' },
      trainingStatus: 'succeeded',
    });
    expect(st.logs).toMatch(/flux_train_replicate: 100%\|██████████\| 1000\/1000/);
    const model = await h.deps.db.query.models.findFirst({ where: (m, { eq }) => eq(m.id, id) });
    const artifact = JSON.parse((await h.deps.storage.getBuffer(model!.artifactKey!))!.toString());
    expect(artifact.version).toBe(1);
    expect(artifact.palette.length).toBeGreaterThanOrEqual(5);
    expect(artifact.palette.length).toBeLessThanOrEqual(8);
    for (const p of artifact.palette) expect(p).toMatch(/^#[0-9a-f]{6}$/);
    expect(artifact.crops).toHaveLength(4);
    expect(artifact.crops[0]).toBe(`u/${user.id}/models/${id}/crop-0.webp`);
    expect(artifact.triggerWord).toBe(model!.triggerWord);
    // prompt modifier is editable once ready
    const pm = await c.post(`/api/models/${id}/update-prompt-modifier`, { promptModifier: 'in soft light' });
    expect(pm.statusCode).toBe(200);
    expect(pm.json().model.promptModifier).toBe('in soft light');
    // upload logs (admin)
    const admin = await h.admin();
    const logs = (await admin.get('/api/admin/models/upload-logs')).json();
    expect(logs.uploadLogs.find((l: any) => l.modelId === id)).toMatchObject({
      status: 'success',
      airName: `offline:${id}@1`,
      retryCount: 0,
      model: { user: { username: user.username } },
    });
    expect(logs.stats.success).toBeGreaterThanOrEqual(1);
    expect((await c.get('/api/admin/models/upload-logs')).statusCode).toBe(403);
    const adminModels = (await admin.get(`/api/admin/models?search=${user.username}`)).json();
    expect(adminModels).toHaveLength(1);
    expect(adminModels[0]).toMatchObject({
      id,
      imageCount: 6,
      userUsername: user.username,
      runwareAirName: `offline:${id}@1`,
    });
    expect(adminModels[0].trainingImages.length).toBe(6);
  });

  it('charges once for concurrent double train clicks', async () => {
    const c = h.client();
    const user = await c.register();
    await grantTokens(h, user.id, 400);
    const id = await modelWithPhotos(c, 5, 40);
    const results = await Promise.all([
      c.post(`/api/models/${id}/train`),
      c.post(`/api/models/${id}/train`),
      c.post(`/api/models/${id}/train`),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await balance(c)).toBe(300);
    const usage = (await ledgerOf(user.id)).filter((t) => t.type === 'usage');
    expect(usage).toHaveLength(1);
    await c.post(`/api/models/${id}/cancel-training`);
  });

  it('cancel refunds exactly once; a second cancel is refused', async () => {
    const c = h.client();
    const user = await c.register();
    await grantTokens(h, user.id, 150);
    const id = await modelWithPhotos(c, 5, 50);
    await c.post(`/api/models/${id}/train`);
    expect(await balance(c)).toBe(50);
    const [a, b] = await Promise.all([
      c.post(`/api/models/${id}/cancel-training`),
      c.post(`/api/models/${id}/cancel-training`),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await balance(c)).toBe(200);
    const rows = await ledgerOf(user.id);
    const refund = rows.filter((t) => t.type === 'refund');
    expect(refund).toHaveLength(1);
    expect(refund[0].refundOf).toBe(rows.find((t) => t.type === 'usage')!.id);
    expect(refund[0].amount).toBe(150);
    // the pipeline stops: the model stays uploaded and can be trained again
    await drainQueue(h.deps.db);
    expect((await c.get(`/api/models/${id}`)).json().status).toBe('uploaded');
    const again = await c.post(`/api/models/${id}/train`);
    expect(again.statusCode).toBe(200);
    expect(await balance(c)).toBe(50);
    const ready = await waitForStatus(c, id, ['ready', 'failed']);
    expect(ready.status).toBe('ready');
    expect(await ledgerMismatches(h.deps.db)).toEqual([]);
  });

  it('permissions: strangers get 404, non-admins 403 on admin actions; admin reset and retry', async () => {
    const owner = h.client();
    const user = await owner.register();
    await grantTokens(h, user.id, 300);
    const id = await modelWithPhotos(owner, 5, 60);
    const stranger = h.client();
    await stranger.register();
    for (const p of ['train', 'cancel-training', 'retry-training', 'skip-processing']) {
      expect((await stranger.post(`/api/models/${id}/${p}`)).statusCode).toBe(404);
    }
    expect((await stranger.get(`/api/models/${id}/training-status`)).statusCode).toBe(404);
    expect((await stranger.del(`/api/models/${id}`)).statusCode).toBe(404);
    expect((await owner.post(`/api/models/${id}/status`, { status: 'uploaded' })).statusCode).toBe(403);
    expect((await owner.post(`/api/models/${id}/reupload`)).statusCode).toBe(403);
    expect(
      (await owner.post(`/api/models/${id}/update-prompt-modifier`, { promptModifier: 'x' })).statusCode,
    ).toBe(409);
    // make it fail: simulate a failed model
    await owner.post(`/api/models/${id}/train`);
    const { failModel } = await import('./training.settle');
    const m = await h.deps.db.query.models.findFirst({ where: (x, { eq }) => eq(x.id, id) });
    expect(await failModel(h.deps, id, m!.trainingAttempt, 'GPU on fire')).toBe(true);
    expect(await failModel(h.deps, id, m!.trainingAttempt, 'GPU on fire')).toBe(false);
    expect(await balance(owner)).toBe(350);
    const st = (await owner.get(`/api/models/${id}/training-status`)).json();
    expect(st).toMatchObject({ error: 'GPU on fire', model: { status: 'failed' }, trainingStatus: 'failed' });
    const admin = await h.admin();
    const retry = await admin.post(`/api/models/${id}/retry-training`);
    expect(retry.statusCode).toBe(200);
    expect(await balance(owner)).toBe(200);
    await waitForStatus(owner, id, ['ready']);
    expect((await admin.post(`/api/models/${id}/status`, { status: 'uploaded' })).statusCode).toBe(409);
    // admin re-upload starts a fresh series and keeps the model ready
    const re = await admin.post(`/api/models/${id}/reupload-runware`);
    expect(re.statusCode).toBe(200);
    await drainQueue(h.deps.db);
    const logs = (await admin.get('/api/admin/models/upload-logs'))
      .json()
      .uploadLogs.filter((l: any) => l.modelId === id);
    expect(logs.length).toBe(2);
    expect(await ledgerMismatches(h.deps.db)).toEqual([]);
  });

  it('admin reset of a failed model and delete (files removed, refund when training)', async () => {
    const c = h.client();
    const user = await c.register();
    await grantTokens(h, user.id, 150);
    const id = await modelWithPhotos(c, 5, 70);
    await c.post(`/api/models/${id}/train`);
    const prefix = `u/${user.id}/models/${id}/`;
    expect((await h.deps.storage.list(prefix)).length).toBeGreaterThanOrEqual(10); // photos + thumbnails
    const del = await c.del(`/api/models/${id}`);
    expect(del.statusCode).toBe(200);
    expect(await balance(c)).toBe(200);
    expect((await c.get(`/api/models/${id}`)).statusCode).toBe(404);
    // the files go by a durable job after the commit (jobs/storage-cleanup.ts)
    await settleFileJobs(h.deps);
    expect(await h.deps.storage.list(prefix)).toEqual([]);
    const files = await h.deps.db.query.trainingImages.findMany({ where: (t, { eq }) => eq(t.modelId, id) });
    expect(files).toHaveLength(0);
  });
});
