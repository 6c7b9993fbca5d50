import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generations, jobs } from '../../db/schema/index';
import { createOfflineImageEngine } from '../../engines/images/offline';
import { createHarness, type Harness } from '../../test/harness';
import { ledgerMismatches } from '../tokens/ledger.service';
import { createGenerationService } from './generation.service';
import { catalog, giveTokens, switchableImages } from '../../test/generation-helpers';
import { EngineError } from '../../engines/engine-error';

// The queue is started by hand here, to stand in for a worker that crashed and came back.
let h: Harness;
const images = switchableImages(createOfflineImageEngine());
let cat: Awaited<ReturnType<typeof catalog>>;
beforeAll(async () => {
  h = await createHarness(
    {},
    { startQueue: false, engines: (built) => ({ images: { ...built.images, offline: images.engine } }) },
  );
  cat = await catalog(h.deps);
});
afterAll(async () => {
  await h?.close();
});

const input = (over = {}) => ({
  prompt: 'a castle',
  baseModelId: cat.schnell.id,
  count: 3,
  width: 128,
  height: 128,
  hdEnabled: false,
  loraStrength: 1,
  ...over,
});

describe('generation jobs survive a crash', () => {
  it('a job left running by a dead worker resumes after its lease and delivers everything', async () => {
    const c = h.client();
    const u = await c.register();
    const users = await h.deps.db.query.users.findMany();
    const user = users.find((x) => x.id === u.id)!;
    const service = createGenerationService(h.deps);
    const { generationId, jobId } = await service.start(user, input());
    // the dead worker had claimed it: running, lease expired
    await h.deps.db
      .update(jobs)
      .set({
        status: 'running',
        attempts: 1,
        lockedBy: 'dead-worker',
        lockedUntil: new Date(Date.now() - 1000),
      })
      .where(eq(jobs.id, jobId!));
    await h.deps.db.update(generations).set({ status: 'running' }).where(eq(generations.id, generationId));
    h.deps.queue.start();
    const done = await h.deps.queue.waitFor(jobId!, 20_000);
    expect(done?.status).toBe('done');
    const out = await service.result(user, generationId);
    expect(out).toMatchObject({ status: 'succeeded', tokensUsed: 30 });
    expect(out.images).toHaveLength(3);
    await h.deps.queue.stop();
  });

  it('a job that runs out of attempts settles and refunds what it did not deliver', async () => {
    const c = h.client();
    const u = await c.register();
    await giveTokens(h.deps, u.id, 100);
    const user = (await h.deps.db.query.users.findMany()).find((x) => x.id === u.id)!;
    const offline = createOfflineImageEngine();
    let calls = 0;
    images.use({
      name: 'offline',
      render: async (req) => {
        calls++;
        if (calls > 1) throw new EngineError('provider down', true, 503);
        return offline.render(req);
      },
    });
    const service = createGenerationService(h.deps);
    const { generationId, jobId } = await service.start(user, input({ count: 4 }));
    // pretend three attempts already failed: the next one is the last
    await h.deps.db.update(jobs).set({ attempts: 3 }).where(eq(jobs.id, jobId!));
    h.deps.queue.start();
    await h.deps.queue.waitFor(jobId!, 20_000);
    const gen = await h.deps.db.query.generations.findFirst({ where: eq(generations.id, generationId) });
    expect(gen).toMatchObject({ status: 'partial', delivered: 1 });
    const rows = (await h.deps.db.query.transactions.findMany()).filter((t) => t.userId === u.id);
    expect(rows.find((r) => r.idempotencyKey === `generation-refund:${generationId}`)).toMatchObject({
      amount: 30,
      type: 'refund',
    });
    expect((await c.get('/api/auth/user')).json().user.tokenBalance).toBe(150 - 10);
    expect(await ledgerMismatches(h.deps.db)).toEqual([]);
    await h.deps.queue.stop();
    images.use(offline);
  });
});
