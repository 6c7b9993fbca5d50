import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatedImages, jobs, packBatches } from '../../db/schema/index';
import { EngineError } from '../../engines/engine-error';
import { createOfflineImageEngine } from '../../engines/images/offline';
import { createHarness, type Harness } from '../../test/harness';
import { giveTokens, readyModel, switchableImages } from '../../test/generation-helpers';
import { runGeneration } from '../generation';
import { ledgerMismatches } from '../tokens/ledger.service';
import { batchGenerationId, PACK_JOB, PACK_MAX_ATTEMPTS } from './packs.job';
import { createPacksService } from './packs.service';

// The queue is started by hand here, to stand in for a worker that crashed mid-batch and came back.
let h: Harness;
const offline = createOfflineImageEngine();
const images = switchableImages(offline);
let renders: string[] = [];
beforeAll(async () => {
  h = await createHarness(
    {},
    { startQueue: false, engines: (built) => ({ images: { ...built.images, offline: images.engine } }) },
  );
  images.use({
    name: 'offline',
    render: async (req) => {
      renders.push(req.prompt);
      return offline.render(req);
    },
  });
});
afterAll(async () => {
  await h?.close();
});

async function buyer(tokens: number) {
  const c = h.client();
  const u = await c.register();
  await giveTokens(h.deps, u.id, tokens);
  const user = (await h.deps.db.query.users.findMany()).find((x) => x.id === u.id)!;
  const model = await readyModel(h.deps, u.id);
  const travel = (await c.get('/api/packs')).json().packs.find((p: { name: string }) => p.name === 'Travel');
  return { c, u, user, model, travel: travel as { id: string; price: number } };
}

async function jobOf(batchId: string) {
  const all = await h.deps.db.select().from(jobs).where(eq(jobs.name, PACK_JOB));
  return all.find((j) => (j.payload as { batchId: string }).batchId === batchId)!;
}

describe('a pack batch survives a crash', () => {
  it('resumes after a dead worker: finished images are not rendered again, one charge, no refund', async () => {
    const { c, u, user, model, travel } = await buyer(100);
    const batch = await createPacksService(h.deps).generate(user, travel.id, model.id);
    // the dead worker had rendered three prompts, then died holding the job
    for (let i = 0; i < 3; i++)
      await runGeneration(h.deps, batchGenerationId(batch.id, i), {
        attempt: 1,
        maxAttempts: PACK_MAX_ATTEMPTS,
        packBatchId: batch.id,
      });
    const job = await jobOf(batch.id);
    await h.deps.db
      .update(jobs)
      .set({
        status: 'running',
        attempts: 1,
        lockedBy: 'dead-worker',
        lockedUntil: new Date(Date.now() - 1000),
      })
      .where(eq(jobs.id, job.id));
    await h.deps.db
      .update(packBatches)
      .set({ status: 'running', done: 3 })
      .where(eq(packBatches.id, batch.id));
    renders = [];

    h.deps.queue.start();
    expect((await h.deps.queue.waitFor(job.id, 30_000))?.status).toBe('done');
    await h.deps.queue.stop();

    // only the five prompts left were rendered
    expect(renders).toHaveLength(5);
    const [row] = await h.deps.db.select().from(packBatches).where(eq(packBatches.id, batch.id));
    expect(row).toMatchObject({ status: 'succeeded', done: 8, failed: 0, charged: 120, refunded: 0 });
    const imgs = await h.deps.db
      .select()
      .from(generatedImages)
      .where(eq(generatedImages.packBatchId, batch.id));
    expect(imgs).toHaveLength(8);
    const rows = (await h.deps.db.query.transactions.findMany()).filter((t) => t.userId === u.id);
    expect(rows.filter((r) => r.type === 'usage')).toHaveLength(1);
    expect(rows.filter((r) => r.type === 'refund')).toHaveLength(0);
    expect((await c.get('/api/auth/user')).json().user.tokenBalance).toBe(150 - 120);
    expect(await ledgerMismatches(h.deps.db)).toEqual([]);
  });

  it('a batch that runs out of attempts settles once and refunds exactly what it did not deliver', async () => {
    const { c, u, user, model, travel } = await buyer(100);
    let calls = 0;
    images.use({
      name: 'offline',
      render: async (req) => {
        calls++;
        if (calls > 2) throw new EngineError('provider down', true, 503);
        return offline.render(req);
      },
    });
    const batch = await createPacksService(h.deps).generate(user, travel.id, model.id);
    const job = await jobOf(batch.id);
    // pretend every earlier attempt failed: this one is the last
    await h.deps.db
      .update(jobs)
      .set({ attempts: PACK_MAX_ATTEMPTS - 1 })
      .where(eq(jobs.id, job.id));
    h.deps.queue.start();
    await h.deps.queue.waitFor(job.id, 30_000);
    await h.deps.queue.stop();
    const [row] = await h.deps.db.select().from(packBatches).where(eq(packBatches.id, batch.id));
    expect(row).toMatchObject({ status: 'partial', done: 2, failed: 6, charged: 120, refunded: 90 });
    const refunds = (await h.deps.db.query.transactions.findMany()).filter(
      (t) => t.userId === u.id && t.type === 'refund',
    );
    expect(refunds).toHaveLength(1);
    expect(refunds[0].amount).toBe(90);
    expect((await c.get('/api/auth/user')).json().user.tokenBalance).toBe(150 - 120 + 90);
    expect(await ledgerMismatches(h.deps.db)).toEqual([]);
    images.use(offline);
  });
});
