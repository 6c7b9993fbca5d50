import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jobs, models as modelsTable, transactions } from '../../db/schema/index';
import { createEngines } from '../../engines/engines';
import { createAiToolkitTrainer, type AiToolkitTrainer } from '../../engines/training/ai-toolkit';
import { stepsForPhotos } from '../../engines/training/ai-toolkit-config';
import { createQueue, type Queue } from '../../jobs/queue';
import { registerJobs } from '../../register-jobs';
import { loraWeightsKey, trainingSampleKey } from '../../storage/keys';
import { createHarness, type Harness } from '../../test/harness';
import { grantTokens, modelWithPhotos, waitForStatus } from '../../test/training-helpers';
import { until } from '../../test/until';
import { ledgerMismatches } from '../tokens/ledger.service';
import { JOB_TRAINING } from './training.settle';

// The personal-model flow with GPU_TRAINER=ai-toolkit (issue 42), ai-toolkit played by the fake
// run.py in tests/gpu, hosted by the offline host: create → upload → train → ready, and the ways a
// training on the worker's GPU ends otherwise.

const FAKE_RUN_PY = path.resolve(__dirname, '../../../../tests/gpu/fake-ai-toolkit/run.py');
let toolkitDir: string;
let h: Harness;
const FAKE_ENV = ['FAKE_AITK_OOM_AT', 'FAKE_AITK_HOLD_AT', 'FAKE_AITK_STEP_MS'];
// a real python process per training: generous bounds for a busy machine
const LONG = 120_000;
const WAIT = 60_000;

/** A worker process: its own queue and its own trainer (its own child processes) on the shared database. */
function startWorker(trainer?: AiToolkitTrainer) {
  const q = createQueue(h.deps.db, { pollMs: 50 });
  const engines = trainer
    ? createEngines(h.config, {
        ...h.deps.engines,
        trainers: { ...h.deps.engines.trainers, 'ai-toolkit': trainer },
      })
    : h.deps.engines;
  registerJobs({ ...h.deps, queue: q, engines });
  q.start();
  return q;
}

const trainerOf = () => h.deps.engines.trainers['ai-toolkit'] as AiToolkitTrainer;
const modelRow = async (id: string) =>
  (await h.deps.db.select().from(modelsTable).where(eq(modelsTable.id, id)))[0]!;
const pidIn = (logs: string) => Number(/fake ai-toolkit pid (\d+)/.exec(logs)?.[1]);
function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
async function modelCharges(userId: string) {
  const rows = await h.deps.db.select().from(transactions).where(eq(transactions.userId, userId));
  return rows.filter((r) => r.refType === 'model').map((r) => r.amount);
}

beforeAll(async () => {
  toolkitDir = await mkdtemp(path.join(os.tmpdir(), 'lora-aitk-flow-'));
  await mkdir(toolkitDir, { recursive: true });
  await copyFile(FAKE_RUN_PY, path.join(toolkitDir, 'run.py'));
  h = await createHarness(
    { GPU_TRAINER: 'ai-toolkit', AI_TOOLKIT_DIR: toolkitDir, AI_TOOLKIT_PYTHON: 'python3' },
    { startQueue: false },
  );
});
afterAll(async () => {
  await h?.close();
  await rm(toolkitDir, { recursive: true, force: true });
});
afterEach(() => {
  for (const k of FAKE_ENV) delete process.env[k];
});

describe('a personal model trained on the GPU with ai-toolkit', () => {
  it(
    'create → upload → train → ready: progress, samples and weights kept, one charge',
    async () => {
      // slow enough that the run's progress is seen in the database on the way
      process.env.FAKE_AITK_STEP_MS = '5';
      const worker = startWorker();
      try {
        const c = h.client();
        const user = await c.register();
        await grantTokens(h, user.id, 100);
        expect((await c.get('/api/config')).json().engines.training).toBe('ai-toolkit');
        const id = await modelWithPhotos(c, 5, 10);
        expect((await c.post(`/api/models/${id}/train`)).statusCode).toBe(200);
        const midway = await until(
          async () => {
            const m = await modelRow(id);
            const p = m.trainingProgress ?? 0;
            return m.status === 'training' && p > 0 && p < 100 ? m : null;
          },
          'progress from the run',
          WAIT,
        );
        expect(midway.trainingLogs).toMatch(/lora: +\d+%\|/);
        const ready = await waitForStatus(c, id, ['ready', 'failed'], WAIT);
        expect(ready.status).toBe('ready');
        expect(ready.trainingProvider).toBe('ai-toolkit');
        const m = await modelRow(id);
        expect(m.hostingProvider).toBe('offline');
        expect(m.weightsKey).toBe(loraWeightsKey(user.id, id));
        expect(m.trainingProgress).toBe(100);
        expect(await h.deps.storage.head(m.weightsKey!)).not.toBeNull();
        // the run's samples on the model detail, with the step they were rendered at, readable by the owner
        const samples = (await c.get(`/api/models/${id}`)).json().trainingSamples as {
          url: string;
          step: number;
        }[];
        expect(samples).toHaveLength(3);
        for (const s of samples) {
          expect(s.step).toBe(stepsForPhotos(5));
          expect((await c.get(s.url)).statusCode).toBe(200);
        }
        expect(samples[0]!.url).toBe(`/files/${trainingSampleKey(user.id, id, 0, stepsForPhotos(5))}`);
        // the photos stay in storage under the retention; the run's folder (its copy of them) is gone
        expect((await h.deps.storage.list(`u/${user.id}/models/${id}/images/`)).length).toBe(5);
        await until(async () => trainerOf().liveRuns().length === 0, 'the run to be released', WAIT);
        expect(await modelCharges(user.id)).toEqual([-150]);
        expect(await ledgerMismatches(h.deps.db)).toEqual([]);
      } finally {
        await worker.stop();
      }
    },
    LONG,
  );

  it(
    'a CUDA out-of-memory fails the model and refunds it once',
    async () => {
      process.env.FAKE_AITK_OOM_AT = '40';
      const worker = startWorker();
      try {
        const c = h.client();
        const user = await c.register();
        await grantTokens(h, user.id, 100);
        const id = await modelWithPhotos(c, 5, 20);
        expect((await c.post(`/api/models/${id}/train`)).statusCode).toBe(200);
        const failed = await waitForStatus(c, id, ['ready', 'failed'], WAIT);
        expect(failed.status).toBe('failed');
        expect(failed.trainingError).toMatch(/The GPU ran out of memory/);
        expect(await modelCharges(user.id)).toEqual([-150, 150]);
        // the 50 of the sign-up and the 100 granted, all back
        expect((await c.get('/api/auth/user')).json().user.tokenBalance).toBe(150);
        expect(await ledgerMismatches(h.deps.db)).toEqual([]);
      } finally {
        await worker.stop();
      }
    },
    LONG,
  );

  it(
    'cancelling stops the training process and refunds once',
    async () => {
      process.env.FAKE_AITK_HOLD_AT = '200';
      const worker = startWorker();
      try {
        const c = h.client();
        const user = await c.register();
        await grantTokens(h, user.id, 100);
        const id = await modelWithPhotos(c, 5, 30);
        expect((await c.post(`/api/models/${id}/train`)).statusCode).toBe(200);
        const held = await until(
          async () => {
            const m = await modelRow(id);
            return /holding at step 200/.test(m.trainingLogs) ? m : null;
          },
          'the run to reach step 200',
          WAIT,
        );
        const pid = pidIn(held.trainingLogs);
        expect(alive(pid)).toBe(true);
        expect((await c.post(`/api/models/${id}/cancel-training`)).statusCode).toBe(200);
        await until(() => !alive(pid), 'the training process to end', WAIT);
        await until(async () => trainerOf().liveRuns().length === 0, 'the run to be gone', WAIT);
        expect((await modelRow(id)).status).toBe('uploaded');
        expect(await modelCharges(user.id)).toEqual([-150, 150]);
      } finally {
        await worker.stop();
      }
    },
    LONG,
  );

  it(
    'a worker killed mid-training: another takes the job back, resumes and finishes; one charge, no refund',
    async () => {
      process.env.FAKE_AITK_HOLD_AT = '300';
      const first = createAiToolkitTrainer({ config: h.config, storage: h.deps.storage });
      let worker: Queue = startWorker(first);
      const c = h.client();
      const user = await c.register();
      await grantTokens(h, user.id, 100);
      const id = await modelWithPhotos(c, 5, 40);
      expect((await c.post(`/api/models/${id}/train`)).statusCode).toBe(200);
      const held = await until(
        async () => {
          const m = await modelRow(id);
          return /holding at step 300/.test(m.trainingLogs) ? m : null;
        },
        'the run to reach step 300',
        30_000,
      );
      const pid = pidIn(held.trainingLogs);

      // the worker dies: its lease is no longer renewed, and its end closes the guard's pipe
      await h.deps.db
        .update(jobs)
        .set({ lockedBy: 'dead-worker', lockedUntil: new Date(Date.now() - 1000) })
        .where(and(eq(jobs.name, JOB_TRAINING), eq(jobs.status, 'running')));
      const stopped = worker.stop();
      await first.endRuns();
      await stopped;
      await until(() => !alive(pid), 'the orphaned run to end', WAIT);

      worker = startWorker(createAiToolkitTrainer({ config: h.config, storage: h.deps.storage }));
      try {
        const ready = await waitForStatus(c, id, ['ready', 'failed'], WAIT);
        expect(ready.status).toBe('ready');
      } finally {
        await worker.stop();
      }
      expect((await modelRow(id)).trainingLogs).toMatch(/Found step 250 in metadata, starting from there/);
      const [job] = await h.deps.db
        .select()
        .from(jobs)
        .where(eq(jobs.singletonKey, `training:${id}:1`));
      expect(job.status).toBe('done');
      expect(await modelCharges(user.id)).toEqual([-150]);
      expect(await ledgerMismatches(h.deps.db)).toEqual([]);
    },
    LONG,
  );
});
