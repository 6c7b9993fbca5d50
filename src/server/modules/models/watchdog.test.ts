import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness';
import { until } from '../../test/until';
import { applyLedgerEntry, ledgerMismatches } from '../tokens/ledger.service';
import { createModelsRepository } from './models.repository';
import { createUploadLogsRepository } from './upload-logs.repository';
import { JOB_WATCHDOG, trainingKey } from './training.settle';
import { grantTokens, modelWithPhotos } from '../../test/training-helpers';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

/** Puts a model into a pipeline state by hand (charged like the train endpoint), with no pipeline job. */
async function stuckModel(status: 'training' | 'processing', startedMinutesAgo: number) {
  const c = h.client();
  const user = await c.register();
  await grantTokens(h, user.id, 150);
  const id = await modelWithPhotos(c, 5, status === 'training' ? 900 : 950);
  await h.deps.db.transaction(async (tx) => {
    await applyLedgerEntry(tx, {
      userId: user.id,
      type: 'usage',
      amount: -150,
      idempotencyKey: trainingKey(id, 1),
      description: 'Model training',
      refType: 'model',
      refId: id,
    });
    await createModelsRepository(tx).update(id, {
      status,
      trainingAttempt: 1,
      trainingId: 'lost-at-provider',
      trainingProvider: 'offline',
      trainingStartedAt: new Date(Date.now() - startedMinutesAgo * 60_000),
      artifactKey: status === 'processing' ? `u/${user.id}/models/${id}/artifact.json` : null,
      trainingCompletedAt: status === 'processing' ? new Date() : null,
    });
  });
  return { c, user, id };
}

describe('watchdog', () => {
  it('fails and refunds a training stuck past its expected time, exactly once', async () => {
    const { c, user, id } = await stuckModel('training', 60);
    const job = await h.deps.queue.enqueue(JOB_WATCHDOG, {}, { singletonKey: 'models:watchdog' });
    await h.deps.queue.waitFor(job!, 10_000);
    const m = (await c.get(`/api/models/${id}`)).json();
    expect(m.status).toBe('failed');
    expect(m.trainingError).toMatch(/took too long/);
    expect((await c.get('/api/auth/user')).json().user.tokenBalance).toBe(200);
    const refunds = (
      await h.deps.db.query.transactions.findMany({ where: (t, { eq }) => eq(t.userId, user.id) })
    ).filter((t) => t.type === 'refund');
    expect(refunds).toHaveLength(1);
  });

  it('restarts a lost host upload, and gives up on one stuck for hours with a refund', async () => {
    const { c, id } = await stuckModel('processing', 5);
    const job = await h.deps.queue.enqueue(JOB_WATCHDOG, {}, { singletonKey: 'models:watchdog' });
    await h.deps.queue.waitFor(job!, 10_000);
    // no upload was running: the watchdog started a series, which the offline host completes
    let status = '';
    await until(
      async () => (status = (await c.get(`/api/models/${id}`)).json().status) === 'ready',
      () => `the model to be ready (status ${status})`,
      15_000,
      100,
    );

    const stuck = await stuckModel('processing', 5);
    const log = await createUploadLogsRepository(h.deps.db).create({
      modelId: stuck.id,
      userId: stuck.user.id,
      series: 1,
    });
    await h.deps.db.execute(
      sql`update upload_logs set status = 'processing', created_at = now() - interval '3 hours' where id = ${log.id}`,
    );
    const job2 = await h.deps.queue.enqueue(JOB_WATCHDOG, {}, { singletonKey: 'models:watchdog' });
    await h.deps.queue.waitFor(job2!, 10_000);
    const m = (await stuck.c.get(`/api/models/${stuck.id}`)).json();
    expect(m.status).toBe('failed');
    expect((await stuck.c.get('/api/auth/user')).json().user.tokenBalance).toBe(200);
    expect(await ledgerMismatches(h.deps.db)).toEqual([]);
  });
});
