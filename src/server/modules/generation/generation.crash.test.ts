import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRunwareDouble, type RunwareDouble } from '../../../../tests/vendors/runware-double';
import { generations, jobs } from '../../db/schema/index';
import { createHarness, type Harness } from '../../test/harness';
import { secondWorker } from '../../test/second-worker';
import { ledgerMismatches } from '../tokens/ledger.service';
import { createGenerationService } from './generation.service';
import { catalog, giveTokens, vendorCatalog } from '../../test/generation-helpers';
import { until } from '../../test/until';

// A worker killed during a Runware render (its request accepted, the answer never heard), another
// worker taking over after the lease: the render is adopted, never started (and billed) twice.
let h: Harness;
let rw: RunwareDouble;
beforeAll(async () => {
  const checkpoints: Record<string, string> = {};
  rw = await createRunwareDouble({ apiKey: 'rw-test', airSources: ['acme'], checkpoints, renderMs: 150 });
  h = await createHarness(
    { RUNWARE_API_KEY: 'rw-test', RUNWARE_API_URL: rw.url, RUNWARE_AIR_SOURCE: 'acme' },
    { startQueue: false },
  );
  Object.assign(checkpoints, await vendorCatalog(h.deps));
});
afterAll(async () => {
  rw?.releaseStalled();
  await h?.close();
  await rw?.close();
});

describe('a worker killed during a render', () => {
  it('is taken over after the lease: exactly one vendor render, every image delivered, money right', async () => {
    const cat = await catalog(h.deps);
    const c = h.client();
    const u = await c.register();
    await giveTokens(h.deps, u.id, 100);
    const user = (await h.deps.db.query.users.findMany()).find((x) => x.id === u.id)!;
    const service = createGenerationService(h.deps);
    const { generationId, jobId } = await service.start(user, {
      prompt: 'a castle at dawn',
      baseModelId: cat.schnell.id,
      count: 3,
      width: 512,
      height: 512,
      hdEnabled: false,
      loraStrength: 1,
    });

    // worker A submits the render; Runware accepts it, the answer is lost; A is killed
    rw.stall((t) => t.taskType === 'imageInference');
    h.deps.queue.start();
    await until(() => rw.billedRenders().length === 1);
    const killed = h.deps.queue.stop();
    const [held] = await h.deps.db.select().from(jobs).where(eq(jobs.id, jobId!));
    expect(held.status).toBe('running');
    // its lease guards the whole render call
    expect(held.lockedUntil!.getTime() - Date.now()).toBeGreaterThan(3 * 60_000);
    // ... time passes: the lease runs out
    await h.deps.db
      .update(jobs)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, jobId!));
    rw.stall(null);

    const b = secondWorker(h.deps);
    b.queue.start();
    const done = await b.queue.waitFor(jobId!, 20_000);
    expect(done?.status).toBe('done');
    const gen = await h.deps.db.query.generations.findFirst({ where: eq(generations.id, generationId) });
    expect(gen).toMatchObject({ status: 'succeeded', delivered: 3 });
    expect(rw.billedRenders()).toHaveLength(1);
    expect(rw.submitted('imageInference')).toHaveLength(1);
    expect((await c.get('/api/auth/user')).json().user.tokenBalance).toBe(150 - 30);
    expect(await ledgerMismatches(h.deps.db)).toEqual([]);
    rw.assertNoViolations();
    await b.queue.stop();
    rw.releaseStalled();
    await killed;
  });
});
