import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRunwareDouble, type RunwareDouble } from '../../../../tests/vendors/runware-double';
import { jobs } from '../../db/schema/index';
import { createHarness, type Harness } from '../../test/harness';
import { secondWorker } from '../../test/second-worker';
import { giveTokens, trainedModel } from '../../test/generation-helpers';
import { ledgerMismatches } from '../tokens/ledger.service';
import { JOB_HOSTING, startHostSeries } from './training.settle';
import { waitForStatus } from '../../test/training-helpers';
import { until } from '../../test/until';

// A worker killed during the Runware modelUpload call (Runware accepted it, the answer is lost), a
// second worker taking over after the lease: the re-issue of the same air + uniqueIdentifier is the
// same model (Runware documents it as idempotent), so the weights are uploaded once; readiness comes
// from that re-issue, not from getResponse (which stays `processing` for uploads).
let h: Harness;
let rw: RunwareDouble;
const WEIGHTS = Buffer.from('fake-safetensors-weights for the crash test');
beforeAll(async () => {
  rw = await createRunwareDouble({
    apiKey: 'rw-test',
    airSources: ['acme'],
    deployMs: 200,
    fetchDownload: async (url) => {
      const u = new URL(url);
      const res = await h.app.inject({ method: 'GET', url: u.pathname + u.search });
      return res.statusCode === 200 && res.rawPayload.equals(WEIGHTS);
    },
  });
  h = await createHarness(
    { RUNWARE_API_KEY: 'rw-test', RUNWARE_API_URL: rw.url, RUNWARE_AIR_SOURCE: 'acme' },
    { startQueue: false },
  );
});
afterAll(async () => {
  rw?.releaseStalled();
  await h?.close();
  await rw?.close();
});

describe('a worker killed during a host upload', () => {
  it('is taken over after the lease: one upload, the model ready, nothing refunded', async () => {
    const c = h.client();
    const u = await c.register();
    await giveTokens(h.deps, u.id, 150);
    const model = await trainedModel(h.deps, u.id, WEIGHTS);
    await h.deps.db.transaction((tx) => startHostSeries(h.deps, tx, model));
    const [job] = await h.deps.db.select().from(jobs).where(eq(jobs.name, JOB_HOSTING));

    rw.stall((t) => t.taskType === 'modelUpload');
    h.deps.queue.start();
    await until(() => rw.billedUploads().length === 1);
    const killed = h.deps.queue.stop();
    const [held] = await h.deps.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(held.status).toBe('running');
    // the lease outlasts the upload call it guards
    expect(held.lockedUntil!.getTime() - Date.now()).toBeGreaterThan(2 * 60_000);
    await h.deps.db
      .update(jobs)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, job.id));
    rw.stall(null);

    const b = secondWorker(h.deps);
    b.queue.start();
    const ready = await waitForStatus(c, model.id, ['ready', 'failed'], 20_000);
    expect(ready.status).toBe('ready');
    expect(rw.billedUploads()).toHaveLength(1);
    const uploadTasks = rw.submitted('modelUpload');
    expect(new Set(uploadTasks.map((t) => `${t.air}|${t.uniqueIdentifier}`)).size).toBe(1);
    expect(ready.runwareAirName).toBe(uploadTasks[0].air);
    expect(rw.submitted('getResponse')).toHaveLength(0);
    const rows = await h.deps.db.query.transactions.findMany({
      where: (t, { eq: is }) => is(t.userId, u.id),
    });
    expect(rows.filter((r) => r.type === 'refund')).toHaveLength(0);
    expect((await c.get('/api/auth/user')).json().user.tokenBalance).toBe(200);
    expect(await ledgerMismatches(h.deps.db)).toEqual([]);
    rw.assertNoViolations();

    await b.queue.stop();
    // the killed worker's call finally errors: it must not undo the finished upload
    rw.releaseStalled();
    await killed;
    const after = await h.deps.db.query.uploadLogs.findMany({
      where: (l, { eq: is }) => is(l.modelId, model.id),
    });
    expect(after.map((l) => l.status)).toEqual(['success']);
    // two workers, one ready model: its owner is told once (modules/notifications)
    const notices = await h.deps.db.query.notifications.findMany({
      where: (n, { eq: is }) => is(n.userId, u.id),
    });
    expect(notices.filter((n) => n.kind === 'training_ready')).toHaveLength(1);
    expect(notices.filter((n) => n.kind === 'training_failed')).toHaveLength(0);
  });
});
