// Issue 42's kill test with real processes: PostgreSQL, one web and two GPU worker processes
// (GPU_TRAINER=ai-toolkit, played by tests/gpu/fake-ai-toolkit/run.py; hosting and generation on
// the ComfyUI double of tests/vendors/comfyui-double.ts, which runs in this process). The worker
// holding the training is SIGKILLed while run.py trains; the other worker takes the job back,
// resumes from the last save and finishes. The worker holding a render is SIGKILLed while ComfyUI
// holds its prompt; the other one adopts the prompt instead of rendering again. ComfyUI restarts
// mid-generation, forgetting its queue and history: the images arrive once, or are refunded once.
// Every charge once, every refund at most once, every balance equal to its ledger.
// The in-process versions: src/server/modules/models/ai-toolkit.flow.test.ts (a worker's end
// mid-training) and src/server/modules/models/comfyui-flow.test.ts (a ComfyUI restart).
// Runs only with TEST_DATABASE_URL (`node scripts/test.mjs --only=scale`).
import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TRAINING_COST } from '../../src/shared/constants';
import { JOB_TRAINING } from '../../src/server/modules/models/training.settle';
import { GENERATION_JOB } from '../../src/server/modules/generation/generation.job';
import { makePhoto, multipartBody } from '../../src/server/test/photo-fixtures';
import { until } from '../../src/server/test/until';
import { createComfyDouble, type ComfyDouble } from '../vendors/comfyui-double';
import { CLIENT_ADDRESS_HEADER, freshDatabase, root, startCluster, type Cluster } from './cluster';
import { killHolderOf, settle } from './job-kill';
import { SimClient, type ClientRecord, type Reply } from './sim-client';

const databaseUrl = process.env.TEST_DATABASE_URL;
const PASSWORD = 'Harbor-Lamp-42';
/** the fresh run stops here, past the save at step 250 that the resumed run starts from */
const HOLD_AT = 300;
/** a killed worker's jobs are taken back once its heartbeat is 10 s old (jobs/worker-heartbeat.ts) */
const TAKEOVER_MS = 60_000;

let dir: string;
let loraDir: string;
let comfy: ComfyDouble;
let db: Awaited<ReturnType<typeof freshDatabase>>;
let cluster: Cluster;
let pool: pg.Pool;
let client: SimClient;
let failed = false;
const records: ClientRecord[] = [];
const user = { id: '', username: `gk_${randomUUID().slice(0, 8)}` };
let modelId = '';
let devBaseId = '';

async function q<T = any>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await pool.query(text, values)).rows as T[];
}

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** One generation's money and pictures, as the scale kill test reads them. */
async function generationRow(id: string) {
  const [g] = await q(
    `select g.status, g.count, g.cost_per_image, g.delivered,
      (select count(*)::int from generated_images i where i.generation_id = g.id) as images,
      (select coalesce(sum(amount), 0)::int from transactions t where t.idempotency_key = 'generation:' || g.id) as charged,
      (select count(*)::int from transactions t where t.idempotency_key = 'generation:' || g.id) as charges,
      (select coalesce(sum(amount), 0)::int from transactions t where t.idempotency_key = 'generation-refund:' || g.id) as refunded,
      (select count(*)::int from transactions t where t.idempotency_key = 'generation-refund:' || g.id) as refunds
    from generations g where g.id = $1`,
    [id],
  );
  return g;
}

async function expectLedgerWhole() {
  expect(
    await q(
      `select u.id from users u left join transactions t on t.user_id = u.id
       group by u.id having u.token_balance <> coalesce(sum(t.amount), 0)`,
    ),
  ).toEqual([]);
  expect(await q(`select idempotency_key from transactions group by 1 having count(*) > 1`)).toEqual([]);
  expect(await q(`select id from users where token_balance < 0`)).toEqual([]);
}

const generate = (count: number, prompt: string): Promise<Reply> =>
  client.post('/api/generate-image', {
    prompt,
    baseModelId: devBaseId,
    modelId,
    count,
    width: 512,
    height: 512,
    loraStrength: 1,
  });

/** The generation the last request started (the request is still waiting for it). */
async function latestGeneration(prompt: string) {
  return until(
    async () =>
      (
        await q<{ id: string }>(`select id from generations where user_id = $1 and request->>'prompt' = $2`, [
          user.id,
          prompt,
        ])
      )[0]?.id,
    'the generation to be recorded',
    30_000,
    20,
  );
}

describe.skipIf(!databaseUrl)(
  'GPU engines: workers SIGKILLed mid-training and mid-render, ComfyUI restarted',
  () => {
    beforeAll(async () => {
      dir = await mkdtemp(path.join(os.tmpdir(), 'lora-gpu-kill-'));
      const toolkit = path.join(dir, 'ai-toolkit');
      await mkdir(toolkit, { recursive: true });
      await copyFile(path.join(root, 'tests/gpu/fake-ai-toolkit/run.py'), path.join(toolkit, 'run.py'));
      loraDir = path.join(dir, 'comfyui', 'models', 'loras', 'studio');
      comfy = await createComfyDouble({ loraDir });
      db = await freshDatabase(databaseUrl!, 'gpukill');
      cluster = await startCluster({
        databaseUrl: db.url,
        web: 1,
        workers: 2,
        // one directory for every process: the storage and the run folders (DATA_DIR/ai-toolkit), as
        // on one GPU box whose worker restarts
        storage: 'disk',
        env: {
          GPU_TRAINER: 'ai-toolkit',
          AI_TOOLKIT_DIR: toolkit,
          AI_TOOLKIT_PYTHON: 'python3',
          // read by the fake run.py the workers start (a fresh run only, never the resumed one)
          FAKE_AITK_HOLD_AT: String(HOLD_AT),
          COMFYUI_URL: comfy.url,
          COMFYUI_LORA_DIR: loraDir,
          // the photo checks are not what this file is about
          PHOTO_CHECKS: 'off',
        },
      });
      pool = new pg.Pool({ connectionString: db.url, max: 3 });

      // a user who bought tokens with the offline test card
      client = new SimClient(cluster.proxy.url, 'gpu-kill', '10.50.0.1', records);
      const reg = await client.post('/api/auth/register', {
        username: user.username,
        email: `${user.username}@example.com`,
        password: PASSWORD,
      });
      expect(reg.status, JSON.stringify(reg.body)).toBe(201);
      user.id = reg.body.user.id;
      const pkgs = await client.get('/api/token-packages');
      const intent = await client.post('/api/create-payment-intent', { packageId: pkgs.body[0].id });
      const paid = await client.post('/api/payments/offline/confirm', {
        paymentIntentId: intent.body.paymentIntentId,
        cardNumber: '4242 4242 4242 4242',
      });
      expect(paid.body.status, JSON.stringify(paid.body)).toBe('succeeded');
      const bases = (await client.get('/api/base-models')).body as { id: string; name: string }[];
      devBaseId = bases.find((b) => b.name === 'FLUX.1 Dev')!.id;
    }, 240_000);

    afterEach((ctx) => {
      if (ctx.task.result?.state === 'fail') failed = true;
    });

    afterAll(async () => {
      await pool?.end();
      await cluster?.stop({ keepLogs: failed });
      await db?.drop();
      await comfy?.close();
      if (dir) await rm(dir, { recursive: true, force: true });
    }, 120_000);

    it('a worker killed mid-training: the other takes the job back, resumes from the last save, finishes; one charge', async () => {
      const created = await client.post('/api/models', {
        name: 'GPU kill',
        description: '',
        subjectConsent: true,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      modelId = created.body.id;
      const photos = await Promise.all(
        Array.from({ length: 5 }, (_, k) => makePhoto(500 + k, { size: 256 })),
      );
      const { body, contentType } = multipartBody(photos.map((data, k) => ({ name: `p${k}.jpg`, data })));
      const up = await client.request('POST', `/api/models/${modelId}/images`, body, { contentType });
      expect(up.status, JSON.stringify(up.body)).toBe(201);
      await settle(pool);
      const train = await client.post(`/api/models/${modelId}/train`);
      expect(train.status, JSON.stringify(train.body)).toBe(200);

      // run.py is training on one worker's GPU, past its first save
      const logs = await until(
        async () => {
          const [m] = await q<{ training_logs: string }>(`select training_logs from models where id = $1`, [
            modelId,
          ]);
          return new RegExp(`holding at step ${HOLD_AT}`).test(m.training_logs) ? m.training_logs : null;
        },
        'the run to reach its hold',
        90_000,
        100,
      );
      const runPid = Number(/fake ai-toolkit pid (\d+)/.exec(logs)?.[1]);
      expect(alive(runPid)).toBe(true);

      const kill = await killHolderOf({ cluster, pool }, JOB_TRAINING);
      // the run died with its worker (the guard's pipe closed): no training goes on unseen
      await until(() => !alive(runPid), 'the dead worker’s run to end', 30_000, 50);

      const ready = await until(
        async () => {
          const r = await client.get(`/api/models/${modelId}`);
          expect(r.body.status, JSON.stringify(r.body.trainingError)).not.toBe('failed');
          return r.body.status === 'ready' ? r.body : null;
        },
        'the model to be ready',
        TAKEOVER_MS + 60_000,
        250,
      );
      expect(ready.trainingProvider).toBe('ai-toolkit');

      const [job] = await q(`select status, attempts from jobs where id = $1`, [kill.jobId]);
      expect(job).toMatchObject({ status: 'done' });
      expect(job.attempts).toBeGreaterThanOrEqual(2);
      const [m] = await q(`select training_logs, hosting_provider from models where id = $1`, [modelId]);
      expect(m.training_logs).toMatch(/Found step 250 in metadata, starting from there/);
      expect(m.hosting_provider).toBe('comfyui');
      // hosted: the LoRA is in ComfyUI's folder
      expect((await readdir(loraDir)).join()).toContain(modelId);
      // the training's samples, from the run that finished
      expect(ready.trainingSamples.length).toBeGreaterThan(0);

      const [money] = await q(
        `select
          (select coalesce(sum(amount), 0)::int from transactions where idempotency_key like 'training:' || $1 || ':%') as charged,
          (select count(*)::int from transactions where idempotency_key like 'training:' || $1 || ':%') as charges,
          (select count(*)::int from transactions where idempotency_key like 'training-refund:' || $1 || ':%') as refunds`,
        [modelId],
      );
      expect(money).toEqual({ charged: -TRAINING_COST, charges: 1, refunds: 0 });
      await expectLedgerWhole();

      await kill.worker.start();
    }, 300_000);

    it('a worker killed while ComfyUI holds its prompt: the other adopts the prompt; the image arrives once, charged once', async () => {
      const ranBefore = comfy.executed();
      const postedBefore = comfy.prompts().length;
      comfy.hold();
      const prompt = 'by the harbour at dawn';
      const pending = generate(1, prompt);
      const generationId = await latestGeneration(prompt);
      await until(() => comfy.queueLength() === 1, 'the prompt to wait in ComfyUI', 30_000, 20);
      const [render] = await q<{ id: string }>(
        `select id from jobs where name = $1 and payload->>'generationId' = $2`,
        [GENERATION_JOB, generationId],
      );
      const kill = await killHolderOf({ cluster, pool }, GENERATION_JOB, render.id);

      // the other worker takes the render back; only then does ComfyUI run the prompt
      await until(
        async () => {
          const [j] = await q(`select status, attempts, locked_by from jobs where id = $1`, [render.id]);
          return j.status === 'running' && j.attempts >= 2 && !j.locked_by.startsWith(`${kill.pid}-`);
        },
        'the render to be taken back',
        TAKEOVER_MS,
        100,
      );
      await comfy.release();

      const res = await pending;
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.images).toHaveLength(1);
      const img = await fetch(`${cluster.proxy.url}${res.body.imageUrl}`, {
        headers: { cookie: client.cookie!, [CLIENT_ADDRESS_HEADER]: client.address },
      });
      expect(img.status).toBe(200);
      // the GPU rendered it once: the prompt was adopted under its id, not sent again
      expect(comfy.executed() - ranBefore).toBe(1);
      expect(comfy.prompts().length - postedBefore).toBe(1);

      const g = await generationRow(generationId);
      expect(g).toMatchObject({ status: 'succeeded', images: 1, delivered: 1, charges: 1, refunds: 0 });
      expect(g.charged).toBe(-g.cost_per_image);
      const [job] = await q(`select status, attempts from jobs where id = $1`, [render.id]);
      expect(job.status).toBe('done');
      expect(job.attempts).toBeGreaterThanOrEqual(2);
      await expectLedgerWhole();

      await kill.worker.start();
    }, 180_000);

    it('ComfyUI restarts mid-generation, forgetting queue and history: the images arrive once', async () => {
      const ranBefore = comfy.executed();
      comfy.hold();
      const prompt = 'in a sunlit library';
      const pending = generate(2, prompt);
      const generationId = await latestGeneration(prompt);
      await until(() => comfy.queueLength() === 2, 'both prompts to wait in ComfyUI', 30_000, 20);
      comfy.restart();
      await comfy.release();
      const res = await pending;
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.images).toHaveLength(2);
      // lost with the restart, sent again under the same ids, rendered once each
      await until(() => comfy.executed() - ranBefore === 2, 'both prompts to run', 30_000, 20);
      const g = await generationRow(generationId);
      expect(g).toMatchObject({ status: 'succeeded', images: 2, delivered: 2, charges: 1, refunds: 0 });
      expect(g.charged).toBe(-2 * g.cost_per_image);
      await expectLedgerWhole();
    });

    it('ComfyUI restarts and the render then fails for good: refunded once, no image, never charged twice', async () => {
      const before = (await client.get('/api/auth/user')).body.user.tokenBalance as number;
      comfy.hold();
      const prompt = 'on a windy pier';
      const pending = generate(1, prompt);
      const generationId = await latestGeneration(prompt);
      await until(() => comfy.queueLength() === 1, 'the prompt to wait in ComfyUI', 30_000, 20);
      comfy.restart();
      comfy.failNextRun();
      await comfy.release();
      const res = await pending;
      expect(res.status, JSON.stringify(res.body)).toBe(502);
      expect(res.body.code).toBe('GENERATION_FAILED');
      const g = await generationRow(generationId);
      expect(g).toMatchObject({ status: 'failed', images: 0, charges: 1, refunds: 1 });
      expect(g.refunded).toBe(-g.charged);
      expect((await client.get('/api/auth/user')).body.user.tokenBalance).toBe(before);
      await expectLedgerWhole();
    });

    it('left no job running, none failed, and every request answered', async () => {
      await settle(pool);
      expect(await q(`select id, name from jobs where status = 'running'`)).toEqual([]);
      expect(await q(`select id, name, last_error from jobs where status = 'failed'`)).toEqual([]);
      // no run of ai-toolkit is left behind on the box, and no run folder
      expect(await readdir(path.join(cluster.env.DATA_DIR, 'ai-toolkit')).catch(() => [])).toEqual([]);
      expect(records.filter((r) => r.status === null || (r.status >= 500 && r.status !== 502))).toEqual([]);
      comfy.assertNoViolations();
    });
  },
);
