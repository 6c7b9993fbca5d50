import { copyFile, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createComfyDouble, type ComfyDouble } from '../../../../tests/vendors/comfyui-double';
import { startReplicateDouble, type ReplicateDouble } from '../../../../tests/vendors/replicate-double';
import { createRunwareDouble, type RunwareDouble } from '../../../../tests/vendors/runware-double';
import { TRAINING_COST } from '../../../shared/constants';
import { models as modelsTable, transactions } from '../../db/schema/index';
import type { EngineNames } from '../../engines/index';
import { modelPrefix } from '../../storage/keys';
import { catalog, vendorCatalog } from '../../test/generation-helpers';
import { createHarness, type Harness } from '../../test/harness';
import { grantTokens, modelWithPhotos, waitForStatus } from '../../test/training-helpers';
import { until } from '../../test/until';
import { ledgerMismatches } from '../tokens/ledger.service';

// Issue 42: the personal-model flow in the mixes of the self-hosted GPU engines with the offline and
// vendor engines that no other flow test covers — train with ai-toolkit (the fake run.py of
// tests/gpu) then host and generate offline, on Runware or on ComfyUI; train on Replicate then host
// and generate on ComfyUI. Each vendor and ComfyUI is its strict double. Covered elsewhere: offline →
// ComfyUI (comfyui-flow.test.ts), Replicate → Runware (personal-flow.contract.test.ts), ai-toolkit's
// own failure paths (ai-toolkit.flow.test.ts). Runs on PostgreSQL too when the runner gives one (the
// harness picks it from TEST_DATABASE_URL).

const FAKE_RUN_PY = path.resolve(__dirname, '../../../../tests/gpu/fake-ai-toolkit/run.py');
const PUBLIC_URL = 'https://studio.example.com';
// a python process per ai-toolkit training, on a shared machine
const LONG = 120_000;
const WAIT = 60_000;

type Doubles = {
  comfy?: ComfyDouble;
  runware?: RunwareDouble;
  replicate?: ReplicateDouble;
  loraDir?: string;
};
type Mix = {
  training: EngineNames['training'];
  hosting: EngineNames['hosting'];
  /** the doubles this mix talks to and the environment that points the server at them */
  setup: (
    dir: string,
    harness: () => Harness,
    appUrl: () => string,
  ) => Promise<{
    env: Record<string, string>;
    doubles: Doubles;
    /** once the harness has seeded the catalogue */
    seeded?: (h: Harness) => Promise<void>;
  }>;
};

const aiToolkit = async (dir: string) => {
  const toolkit = path.join(dir, 'ai-toolkit');
  await mkdir(toolkit, { recursive: true });
  await copyFile(FAKE_RUN_PY, path.join(toolkit, 'run.py'));
  return { GPU_TRAINER: 'ai-toolkit', AI_TOOLKIT_DIR: toolkit, AI_TOOLKIT_PYTHON: 'python3' };
};

const comfyui = async (dir: string) => {
  const loraDir = path.join(dir, 'comfyui', 'models', 'loras', 'studio');
  const comfy = await createComfyDouble({ loraDir });
  return { env: { COMFYUI_URL: comfy.url, COMFYUI_LORA_DIR: loraDir }, comfy, loraDir };
};

const MIXES: Mix[] = [
  {
    training: 'ai-toolkit',
    hosting: 'offline',
    setup: async (dir) => ({ env: await aiToolkit(dir), doubles: {} }),
  },
  {
    training: 'ai-toolkit',
    hosting: 'runware',
    setup: async (dir, harness) => {
      const checkpoints: Record<string, string> = {};
      const runware = await createRunwareDouble({
        apiKey: 'rw-mix',
        airSources: ['acme'],
        checkpoints,
        deployMs: 0,
        // Runware fetches the weights itself, through the signed link, with no credentials
        fetchDownload: async (url) => {
          const u = new URL(url);
          const res = await harness().app.inject({ method: 'GET', url: u.pathname + u.search });
          return res.statusCode === 200 && res.rawPayload.length > 0;
        },
      });
      return {
        // Runware hosts personal LoRAs as FLUX.1 [dev]: the GPU trains on that base here
        env: {
          ...(await aiToolkit(dir)),
          GPU_BASE_MODEL: 'flux1-dev',
          GPU_BASE_MODEL_LICENSED: '1',
          RUNWARE_API_KEY: 'rw-mix',
          RUNWARE_API_URL: runware.url,
          RUNWARE_AIR_SOURCE: 'acme',
        },
        doubles: { runware },
        seeded: async (h) => {
          Object.assign(checkpoints, await vendorCatalog(h.deps));
        },
      };
    },
  },
  {
    training: 'ai-toolkit',
    hosting: 'comfyui',
    setup: async (dir) => {
      const c = await comfyui(dir);
      return {
        env: { ...(await aiToolkit(dir)), ...c.env },
        doubles: { comfy: c.comfy, loraDir: c.loraDir },
      };
    },
  },
  {
    training: 'replicate',
    hosting: 'comfyui',
    setup: async (dir, _harness, appUrl) => {
      const replicate = await startReplicateDouble({
        pollsToProcess: 1,
        pollsToFinish: 2,
        deliverTo: (u) => u.replace(PUBLIC_URL, appUrl()),
      });
      const c = await comfyui(dir);
      return {
        // Replicate trains on FLUX.1 [dev]: ComfyUI renders on the same base
        env: {
          ...c.env,
          GPU_BASE_MODEL: 'flux1-dev',
          GPU_BASE_MODEL_LICENSED: '1',
          PUBLIC_URL,
          REPLICATE_API_TOKEN: replicate.token,
          REPLICATE_API_URL: replicate.url,
          REPLICATE_WEBHOOK_SECRET: replicate.webhookSecret,
        },
        doubles: { replicate, comfy: c.comfy, loraDir: c.loraDir },
      };
    },
  },
];

describe.each(MIXES)('a personal model trained on $training, hosted and generated on $hosting', (mix) => {
  let dir: string;
  let h: Harness;
  let appUrl = '';
  let doubles: Doubles = {};

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), `gpu-mix-${mix.training}-${mix.hosting}-`));
    const setup = await mix.setup(
      dir,
      () => h,
      () => appUrl,
    );
    doubles = setup.doubles;
    h = await createHarness(setup.env);
    await setup.seeded?.(h);
    if (doubles.replicate) {
      // Replicate's webhook comes over HTTP
      await h.app.listen({ port: 0, host: '127.0.0.1' });
      appUrl = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    }
  }, LONG);

  afterAll(async () => {
    await h?.close();
    await doubles.comfy?.close();
    await doubles.runware?.close();
    await doubles.replicate?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it(
    'create → upload → train → host → generate → delete: one charge each, nothing refunded, nothing left',
    async () => {
      const engines = (await h.client().get('/api/config')).json().engines;
      expect(engines).toMatchObject({ training: mix.training, hosting: mix.hosting, images: mix.hosting });
      const c = h.client();
      const user = await c.register();
      await grantTokens(h, user.id, 200);

      const modelId = await modelWithPhotos(c, 5, 300);
      expect((await c.post(`/api/models/${modelId}/train`)).statusCode).toBe(200);
      const ready = await waitForStatus(c, modelId, ['ready', 'failed'], WAIT);
      expect(ready.trainingError ?? null).toBeNull();
      expect(ready.status).toBe('ready');
      const row = (await h.deps.db.select().from(modelsTable).where(eq(modelsTable.id, modelId)))[0]!;
      expect(row).toMatchObject({ trainingProvider: mix.training, hostingProvider: mix.hosting });
      // the trainer's weights were kept in storage, and the host took them from there
      expect(await h.deps.storage.head(row.weightsKey!)).not.toBeNull();
      if (doubles.loraDir) expect((await readdir(doubles.loraDir)).join()).toContain(modelId);
      if (doubles.runware) expect(doubles.runware.billedUploads()).toHaveLength(1);
      if (mix.training === 'ai-toolkit')
        expect(((await c.get(`/api/models/${modelId}`)).json().trainingSamples ?? []).length).toBeGreaterThan(
          0,
        );

      // generate with the personal model on the mix's image engine
      const cat = await catalog(h.deps);
      const res = await c.post('/api/generate-image', {
        prompt: 'on a mountain ridge',
        baseModelId: cat.dev.id,
        modelId,
        count: 1,
        width: 512,
        height: 512,
        loraStrength: 0.9,
        calculatedTokenCost: cat.dev.tokenCost,
      });
      expect(res.statusCode, res.body).toBe(200);
      const out = res.json();
      expect(out.images).toHaveLength(1);
      const stored = await c.get(out.imageUrl);
      expect(stored.statusCode).toBe(200);
      expect((await sharp(stored.rawPayload).metadata()).width).toBeGreaterThan(0);
      if (doubles.comfy) {
        const lora = Object.values(doubles.comfy.prompts().at(-1)!.prompt).find(
          (n) => n.class_type === 'LoraLoaderModelOnly',
        );
        expect(String(lora?.inputs?.lora_name)).toContain(modelId);
      }
      if (doubles.runware)
        expect(doubles.runware.submitted('imageInference').at(-1)!.lora).toEqual([
          { model: row.runwareAirName, weight: 0.9 },
        ]);

      // money: the training and the picture charged once each, nothing refunded
      const rows = await h.deps.db.select().from(transactions).where(eq(transactions.userId, user.id));
      expect(rows.filter((t) => t.refType === 'model').map((t) => t.amount)).toEqual([-TRAINING_COST]);
      expect(rows.filter((t) => t.type === 'refund')).toEqual([]);
      const balance = (await c.get('/api/auth/user')).json().user.tokenBalance as number;
      expect(balance).toBe(user.tokenBalance + 200 - TRAINING_COST - cat.dev.tokenCost);
      expect(await ledgerMismatches(h.deps.db)).toEqual([]);

      // deleting the model removes its files, and from ComfyUI's folder the hosted copy
      expect((await c.del(`/api/models/${modelId}`)).statusCode).toBe(200);
      await until(
        async () => (await h.deps.storage.list(modelPrefix(user.id, modelId))).length === 0,
        'the model’s files to leave storage',
      );
      if (doubles.loraDir)
        await until(async () => (await readdir(doubles.loraDir!)).length === 0, 'the hosted LoRA to go');
      doubles.comfy?.assertNoViolations();
      doubles.runware?.assertNoViolations();
      doubles.replicate?.assertNoViolations();
    },
    LONG,
  );
});
