import { spawn } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createLocalStorage } from '../../storage/local';
import type { Storage } from '../../storage/storage';
import { loraWeightsKey, trainingSampleKey, trainingSamplesPrefix } from '../../storage/keys';
import { makePhoto } from '../../test/photo-fixtures';
import { until } from '../../test/until';
import { aiToolkitRunId, createAiToolkitTrainer } from './ai-toolkit';
import { aiToolkitStep, GUARD_PY } from './ai-toolkit-process';
import { aiToolkitJobConfig, aiToolkitYaml, stepsForPhotos } from './ai-toolkit-config';
import { isCompleteSafetensors } from './safetensors';
import type { TrainingJobInput } from './training';

// The GPU trainer against the fake ai-toolkit (tests/gpu/fake-ai-toolkit/run.py): it checks the
// config the engine writes against ai-toolkit's own keys and prints ai-toolkit's progress bar.

const FAKE_RUN_PY = path.resolve(__dirname, '../../../../tests/gpu/fake-ai-toolkit/run.py');
let tmp: string;
let toolkitDir: string;
let storage: Storage;
const USER = '00000000-0000-4000-8000-000000000001';
// a real python process per run: generous bounds for a busy machine
const LONG = 120_000;
const WAIT = 60_000;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'lora-aitk-'));
  toolkitDir = path.join(tmp, 'ai-toolkit');
  await mkdir(toolkitDir);
  await copyFile(FAKE_RUN_PY, path.join(toolkitDir, 'run.py'));
  storage = createLocalStorage(path.join(tmp, 'files'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});
const FAKE_ENV = ['FAKE_AITK_OOM_AT', 'FAKE_AITK_HOLD_AT', 'FAKE_AITK_DIE_AT'];
afterEach(() => {
  for (const k of FAKE_ENV) delete process.env[k];
});

function engine(dataDir = path.join(tmp, 'data'), extra: Record<string, string> = {}) {
  const config = loadConfig({
    DATA_DIR: dataDir,
    SESSION_SECRET: 'x'.repeat(40),
    GPU_TRAINER: 'ai-toolkit',
    AI_TOOLKIT_DIR: toolkitDir,
    ...extra,
  });
  return createAiToolkitTrainer({ config, storage });
}

let modelN = 0;
async function input(photos = 5): Promise<TrainingJobInput & { trainingId: string }> {
  const modelId = `00000000-0000-4000-8000-${String(++modelN).padStart(12, '0')}`;
  const imageKeys: string[] = [];
  for (let i = 0; i < photos; i++) {
    const key = `u/${USER}/models/${modelId}/images/${i}.jpg`;
    await storage.put(key, await makePhoto(i, { size: 64 }), 'image/jpeg');
    imageKeys.push(key);
  }
  const base = {
    modelId,
    userId: USER,
    attempt: 1,
    triggerWord: 'ohwx',
    modelName: 'Me',
    imageKeys,
    startedAt: new Date(),
    recorded: { zipKey: null, replicateModelId: null },
  };
  return { ...base, trainingId: aiToolkitRunId(base) };
}

type Engine = ReturnType<typeof createAiToolkitTrainer>;
async function pollUntilEnd(e: Engine, inp: TrainingJobInput & { trainingId: string }) {
  const seen: number[] = [];
  for (;;) {
    const p = await e.poll(inp);
    if (p.progress !== null) seen.push(p.progress);
    if (p.status !== 'starting' && p.status !== 'processing') return { p, seen };
    await e.waitForChange(inp.trainingId, 2000);
  }
}

const pidOf = (logs: string) => Number(/fake ai-toolkit pid (\d+)/.exec(logs)?.[1]);
function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('ai-toolkit job config', () => {
  it(
    'steps follow the photo count, on the save interval; the YAML carries no environment lookups',
    () => {
      expect(stepsForPhotos(5)).toBe(1000);
      expect(stepsForPhotos(12)).toBe(1250);
      expect(stepsForPhotos(40)).toBe(2000);
      const cfg = aiToolkitJobConfig({
        baseModel: 'flux2-klein-4b',
        triggerWord: 'ohwx',
        photoCount: 12,
        datasetDir: '/d',
        trainingFolder: '/o',
      });
      expect(cfg.config.process[0].model).toMatchObject({
        arch: 'flux2_klein_4b',
        name_or_path: 'black-forest-labs/FLUX.2-klein-base-4B',
      });
      expect(cfg.config.process[0].train.steps).toBe(1250);
      const dev = aiToolkitJobConfig({
        baseModel: 'flux1-dev',
        baseModelPath: '/models/flux1-dev',
        triggerWord: 'ohwx',
        photoCount: 12,
        datasetDir: '/d',
        trainingFolder: '/o',
      });
      expect(dev.config.process[0].model).toEqual({
        name_or_path: '/models/flux1-dev',
        is_flux: true,
        quantize: true,
      });
      expect(() =>
        aiToolkitYaml({ ...cfg, meta: { name: '${HF_TOKEN}', version: '1' } } as typeof cfg),
      ).toThrow(/\$\{/);
    },
    LONG,
  );

  it(
    'reads the step from ai-toolkit bars named after the job only',
    () => {
      const logs =
        'Caching latents to disk: 100%|██████████| 5/5 [00:01<00:00,  4.1it/s]\n' +
        '\rlora:  12%|█▏        | 90/750 [01:23<10:12,  1.44it/s, lr: 1.0e-04 loss: 3.2e-01]' +
        '\rlora:  13%|█▎        | 100/750 [01:30<10:00,  1.44it/s, lr: 1.0e-04 loss: 3.1e-01]';
      expect(aiToolkitStep(logs)).toEqual({ step: 100, total: 750 });
      expect(aiToolkitStep('Caching latents to disk: 100%|██████████| 5/5 [00:01<00:00]')).toBeNull();
    },
    LONG,
  );
});

describe('the ai-toolkit trainer', () => {
  it(
    'writes a config the fake accepts, reports progress, stores the weights and samples, clears the photos',
    async () => {
      const e = engine();
      const inp = await input();
      expect(await e.start(inp, async () => true)).toEqual({ trainingId: inp.trainingId });
      const { p, seen } = await pollUntilEnd(e, inp);
      expect(p.error).toBeUndefined();
      expect(p.status).toBe('succeeded');
      expect(p.logs).toMatch(/lora: 100%\|██████████\| 1000\/1000/);
      expect(seen.some((n) => n > 0 && n < 100)).toBe(true);
      expect(p.output).toEqual({ weightsKey: loraWeightsKey(USER, inp.modelId), version: inp.trainingId });
      const weights = await storage.getBuffer(loraWeightsKey(USER, inp.modelId));
      expect(weights && isCompleteSafetensors(weights)).toBe(true);
      // the last step's samples, one per prompt, named with their step for the model page
      for (let i = 0; i < 3; i++)
        expect(await storage.head(trainingSampleKey(USER, inp.modelId, i, 1000))).not.toBeNull();
      expect(await storage.list(trainingSamplesPrefix(USER, inp.modelId))).toHaveLength(3);
      const runDir = path.join(tmp, 'data', 'ai-toolkit', inp.trainingId);
      // the photos left with the run; the rest goes once the pipeline committed the weights
      await expect(readdir(path.join(runDir, 'dataset'))).rejects.toThrow();
      const yaml = await readFile(path.join(runDir, 'config.yaml'), 'utf8');
      expect(yaml).toMatch(/"trigger_word": "ohwx"/);
      await e.release!({ replicateModelId: null, version: inp.trainingId });
      await expect(readdir(runDir)).rejects.toThrow();
    },
    LONG,
  );

  it(
    'cancel kills the child and removes the run folder',
    async () => {
      process.env.FAKE_AITK_HOLD_AT = '200';
      const e = engine();
      const inp = await input();
      await e.start(inp, async () => true);
      const held = await until(
        async () => {
          const p = await e.poll(inp);
          return /holding at step 200/.test(p.logs) ? p : null;
        },
        'the run to reach step 200',
        WAIT,
      );
      expect(held.progress).toBe(20);
      const pid = pidOf(held.logs);
      expect(alive(pid)).toBe(true);
      await e.cancel(inp.trainingId);
      await until(() => !alive(pid), 'the training process to end', WAIT);
      expect(e.liveRuns()).toEqual([]);
      await expect(readdir(path.join(tmp, 'data', 'ai-toolkit', inp.trainingId))).rejects.toThrow();
    },
    LONG,
  );

  it(
    'one GPU, one training: a second start is turned back, retryable',
    async () => {
      process.env.FAKE_AITK_HOLD_AT = '100';
      const e = engine();
      const first = await input();
      await e.start(first, async () => true);
      await expect(e.start(await input(), async () => true)).rejects.toMatchObject({
        retryable: true,
        code: 'busy',
      });
      await e.cancel(first.trainingId);
    },
    LONG,
  );

  it(
    'a CUDA out-of-memory ends the training as failed, saying so',
    async () => {
      process.env.FAKE_AITK_OOM_AT = '50';
      const e = engine();
      const inp = await input();
      await e.start(inp, async () => true);
      const { p } = await pollUntilEnd(e, inp);
      expect(p.status).toBe('failed');
      expect(p.error).toMatch(/The GPU ran out of memory/);
      expect(p.logs).toMatch(/CUDA out of memory/);
      await expect(readdir(path.join(tmp, 'data', 'ai-toolkit', inp.trainingId))).rejects.toThrow();
    },
    LONG,
  );

  it(
    "a worker's end ends its run; the worker that takes it back resumes from the last save",
    async () => {
      process.env.FAKE_AITK_HOLD_AT = '300';
      const dataDir = path.join(tmp, 'shared-data');
      const first = engine(dataDir);
      const inp = await input();
      await first.start(inp, async () => true);
      const held = await until(
        async () => {
          const p = await first.poll(inp);
          return /holding at step 300/.test(p.logs) ? p : null;
        },
        'the run to reach step 300',
        WAIT,
      );
      const pid = pidOf(held.logs);
      await first.endRuns();
      await until(() => !alive(pid), 'the orphaned run to end', WAIT);
      await expect(first.poll(inp)).rejects.toMatchObject({ retryable: true });

      // another worker process: no run of its own for this id
      const second = engine(dataDir);
      const { p } = await pollUntilEnd(second, inp);
      expect(p.status).toBe('succeeded');
      expect(p.logs).toMatch(/Found step 250 in metadata, starting from there/);
    },
    LONG,
  );

  it(
    'a run whose weights are finished is used as it is, not trained again',
    async () => {
      const dataDir = path.join(tmp, 'done-data');
      const first = engine(dataDir);
      const inp = await input();
      await first.start(inp, async () => true);
      // the worker dies after ai-toolkit saved but before anyone polled
      await until(() => first.liveRuns().length === 0, 'the run to end', WAIT);
      const again = engine(dataDir);
      const p = await again.poll(inp);
      expect(p.status).toBe('succeeded');
      expect(again.liveRuns()).toEqual([]);
    },
    LONG,
  );
});

describe('the guard', () => {
  it(
    'kills the training when the worker that started it is gone (its pipe closes)',
    async () => {
      process.env.FAKE_AITK_HOLD_AT = '10';
      const dir = path.join(tmp, 'guard');
      const dataset = path.join(dir, 'dataset');
      await mkdir(dataset, { recursive: true });
      await writeFile(path.join(dataset, 'a.jpg'), await makePhoto(1, { size: 32 }));
      await writeFile(path.join(dataset, 'a.txt'), 'a photo of [trigger]\n');
      const configPath = path.join(dir, 'config.yaml');
      const cfg = aiToolkitJobConfig({
        baseModel: 'flux2-klein-4b',
        triggerWord: 'ohwx',
        photoCount: 1,
        datasetDir: dataset,
        trainingFolder: path.join(dir, 'output'),
      });
      await writeFile(configPath, aiToolkitYaml(cfg));
      // this test plays the worker
      const guard = spawn('python3', ['-u', '-c', GUARD_PY, path.join(toolkitDir, 'run.py'), configPath], {
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let out = '';
      guard.stdout.on('data', (c) => (out += c));
      const pid = await until(
        () => (/holding at step 10/.test(out) ? pidOf(out) : null),
        'the run to start',
        WAIT,
      );
      expect(alive(pid)).toBe(true);
      const exited = new Promise<number | null>((r) => guard.on('close', r));
      // what the kernel does to the pipe when the worker is SIGKILLed
      guard.stdin.destroy();
      expect(await exited).toBe(137);
      await until(() => !alive(pid), 'the training process to end', WAIT);
    },
    LONG,
  );
});
