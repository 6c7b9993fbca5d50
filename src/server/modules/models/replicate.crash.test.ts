import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReplicateDouble, type ReplicateDouble } from '../../../../tests/vendors/replicate-double';
import { jobs, models as modelsTable, transactions } from '../../db/schema/index';
import type { TrainingEngine } from '../../engines/training/training';
import { createQueue, type Queue } from '../../jobs/queue';
import { registerJobs } from '../../register-jobs';
import { createHarness, type Harness } from '../../test/harness';
import { until } from '../../test/until';
import { ledgerMismatches } from '../tokens/ledger.service';
import { JOB_TRAINING } from './training.settle';
import { grantTokens, modelWithPhotos, waitForStatus } from '../../test/training-helpers';

// A worker killed right after Replicate accepted the training create (before our database heard the
// id): another worker takes the step over once the lease lapses. Exactly one billable training.

let replicate: ReplicateDouble;
let h: Harness;
let crashNext = false;
let killWorker: (err: Error) => void = () => {};
let killed: Promise<void> | undefined;
let worker: Queue;

/** A worker process: its own queue on the shared database. */
function startWorker() {
  const q = createQueue(h.deps.db, { pollMs: 50 });
  registerJobs({ ...h.deps, queue: q });
  q.start();
  return q;
}

beforeAll(async () => {
  replicate = await startReplicateDouble({ pollsToProcess: 1, pollsToFinish: 2 });
  h = await createHarness(
    { REPLICATE_API_TOKEN: replicate.token, REPLICATE_API_URL: replicate.url },
    {
      startQueue: false,
      engines: (built) => {
        const real = built.trainers.replicate!;
        const dying: TrainingEngine = {
          ...real,
          async start(input, record) {
            const started = await real.start(input, record);
            if (!crashNext) return started;
            crashNext = false;
            // the process dies here: its lease is no longer renewed and lapses, nothing else happens
            await h.deps.db
              .update(jobs)
              .set({ lockedBy: 'dead-worker', lockedUntil: new Date(Date.now() - 1000) })
              .where(and(eq(jobs.name, JOB_TRAINING), eq(jobs.status, 'running')));
            killed = worker.stop();
            return new Promise<never>((_, reject) => (killWorker = reject));
          },
        };
        return { trainers: { ...built.trainers, replicate: dying } };
      },
    },
  );
});
afterAll(async () => {
  await h?.close();
  await replicate?.close();
});

describe('a worker killed right after the Replicate training create', () => {
  it('is taken over after the lease: the created training is adopted, never created twice; money settles once', async () => {
    const c = h.client();
    const user = await c.register();
    await grantTokens(h, user.id, 100);
    const id = await modelWithPhotos(c, 5, 70);
    crashNext = true;
    killed = undefined;
    expect((await c.post(`/api/models/${id}/train`)).statusCode).toBe(200);
    worker = startWorker();
    await until(() => killed !== undefined, 'the worker to die after the create');
    expect(replicate.created()).toBe(1);

    // the restarted worker
    const restarted = startWorker();
    try {
      expect((await waitForStatus(c, id, ['ready', 'failed'], 30_000)).status).toBe('ready');
    } finally {
      // the dead worker's call finally errors out: it must not touch the job another worker finished
      killWorker(new Error('worker killed'));
      await killed;
      await restarted.stop();
    }
    expect(replicate.created()).toBe(1);
    const [only] = [...replicate.trainings.values()];
    const [m] = await h.deps.db.select().from(modelsTable).where(eq(modelsTable.id, id));
    expect(m.trainingId).toBe(only.id);
    // the retry looked the training up instead of creating another
    expect(replicate.requests.some((r) => r.method === 'GET' && r.path === '/v1/trainings')).toBe(true);
    const [job] = await h.deps.db
      .select()
      .from(jobs)
      .where(eq(jobs.singletonKey, `training:${id}:1`));
    expect(job.status).toBe('done');
    const rows = await h.deps.db.select().from(transactions).where(eq(transactions.userId, user.id));
    expect(rows.filter((r) => r.refType === 'model').map((r) => r.amount)).toEqual([-150]);
    expect((await c.get('/api/auth/user')).json().user.tokenBalance).toBe(0);
    expect(await ledgerMismatches(h.deps.db)).toEqual([]);
    replicate.assertNoViolations();
  });

  it('canceled while the create was unanswered: the training found at Replicate is canceled too, refunded once', async () => {
    const c = h.client();
    const user = await c.register();
    await grantTokens(h, user.id, 100);
    const id = await modelWithPhotos(c, 5, 80);
    const before = replicate.created();
    crashNext = true;
    killed = undefined;
    expect((await c.post(`/api/models/${id}/train`)).statusCode).toBe(200);
    worker = startWorker();
    await until(() => killed !== undefined, 'the worker to die after the create');
    expect(replicate.created()).toBe(before + 1);
    const orphan = [...replicate.trainings.values()].at(-1)!;
    expect(orphan.status).not.toBe('canceled');

    expect((await c.post(`/api/models/${id}/cancel-training`)).statusCode).toBe(200);
    expect(orphan.status).toBe('canceled');
    const restarted = startWorker();
    try {
      const [job] = await h.deps.db
        .select()
        .from(jobs)
        .where(eq(jobs.singletonKey, `training:${id}:1`));
      expect((await restarted.waitFor(job.id, 20_000))?.result).toBe('stale');
    } finally {
      killWorker(new Error('worker killed'));
      await killed;
      await restarted.stop();
    }
    expect(replicate.created()).toBe(before + 1);
    expect((await c.get('/api/auth/user')).json().user.tokenBalance).toBe(150);
    const rows = await h.deps.db.select().from(transactions).where(eq(transactions.userId, user.id));
    expect(
      rows
        .filter((r) => r.refType === 'model')
        .map((r) => r.amount)
        .sort(),
    ).toEqual([-150, 150]);
    expect(await ledgerMismatches(h.deps.db)).toEqual([]);
    replicate.assertNoViolations();
  });
});
