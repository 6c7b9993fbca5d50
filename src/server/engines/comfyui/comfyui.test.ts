import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createComfyDouble, type ComfyDouble } from '../../../../tests/vendors/comfyui-double';
import { createLocalStorage } from '../../storage/local';
import { EngineError } from '../engine-error';
import type { HostUploadInput } from '../hosting/hosting';
import type { RenderRequest } from '../images/images';
import { createComfyClient } from './comfyui-client';
import { createComfyHost, loraFileName } from './comfyui-host';
import { createComfyImageEngine, imagePromptId } from './comfyui-images';
import { createComfyUpscaler, upscalePromptId } from './comfyui-upscale';
import { expectedOutput } from './prompt-runner';
import { buildGraph, generateWorkflow } from './workflow';

// The ComfyUI engines against the strict double (tests/vendors/comfyui-double.ts), one fault at a time.

const MODEL_ID = '0b5c9a52-3f0e-4a8e-9d57-3c8f3b1f2a10';
const TOKEN = 'comfy-proxy-token';
let dir: string;
let loraDir: string;
let comfy: ComfyDouble;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'comfy-engine-'));
  loraDir = path.join(dir, 'loras');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});
afterEach(async () => {
  await comfy?.close();
});

async function start(o: Partial<Parameters<typeof createComfyDouble>[0]> = {}) {
  comfy = await createComfyDouble({
    token: TOKEN,
    loraDir,
    extraLoras: ['civitai-58390-62833.safetensors'],
    ...o,
  });
  const client = createComfyClient({ url: comfy.url, token: TOKEN }, { timeoutMs: 5000 });
  return client;
}

/** the engine's poll waits: each one lets the test act on the double first (no clock involved) */
function steps(...actions: (() => void | Promise<void>)[]) {
  return async () => {
    await actions.shift()?.();
  };
}

const request = (o: Partial<RenderRequest> = {}): RenderRequest => ({
  taskId: '6d1f3c8e-2f7a-4b3c-9a1e-5c2d8f4b7a60',
  prompt: 'on a mountain ridge',
  negativePrompt: '',
  width: 512,
  height: 768,
  count: 2,
  seed: 41,
  baseModel: { id: 'b', name: 'FLUX.2 klein', air: 'runware:400@1' },
  style: null,
  personalModel: null,
  ...o,
});

async function placedModel(client: ReturnType<typeof createComfyClient>) {
  const storage = createLocalStorage(path.join(dir, 'storage'));
  const key = `u/7c2b9a10-5d3e-4f6a-8b1c-2d3e4f5a6b7c/models/${MODEL_ID}/lora.safetensors`;
  await storage.put(key, Buffer.from('safetensors-bytes'), 'application/octet-stream');
  const host = createComfyHost({ client, storage, loraDir });
  const input: HostUploadInput = {
    modelId: MODEL_ID,
    userId: 'u',
    modelName: 'Me',
    triggerWord: 'ohwx',
    taskUUID: 't',
    series: 1,
    weightsKey: key,
    artifactKey: null,
    submittedAt: new Date(),
  };
  return { host, input, storage, key };
}

describe('the workflow files', () => {
  it('chain the LoRA stack from the model loader into the model’s users, values bound', () => {
    const wf = generateWorkflow('flux2-klein-4b');
    const g = buildGraph(
      wf,
      { prompt: 'p', negative: '', seed: 7, steps: 4, width: 512, height: 768, filenamePrefix: 'x/y' },
      [
        { name: 'a.safetensors', strength: 0.9 },
        { name: 'b.safetensors', strength: 0.6 },
      ],
    );
    expect(g['1000']).toEqual({
      class_type: 'LoraLoaderModelOnly',
      inputs: { model: ['1', 0], lora_name: 'a.safetensors', strength_model: 0.9 },
    });
    expect(g['1001']!.inputs.model).toEqual(['1000', 0]);
    expect(g['6']!.inputs.model).toEqual(['1001', 0]);
    expect(g['10']!.inputs).toMatchObject({ width: 512, height: 768 });
    // the file itself is untouched
    expect(wf.graph['6']!.inputs.model).toEqual(['1', 0]);
  });
});

describe('ComfyUI hosting', () => {
  it('copies the LoRA into the shared folder once, is ready when ComfyUI lists it, and removes it', async () => {
    const client = await start();
    const { host, input } = await placedModel(client);
    await host.submit(input);
    await host.submit(input);
    expect(await readdir(loraDir)).toEqual([loraFileName(MODEL_ID, 1)]);
    const ready = await host.poll(input);
    expect(ready).toMatchObject({ status: 'ready', air: `comfyui:studio/${loraFileName(MODEL_ID, 1)}` });
    // a new series replaces the old file
    await host.submit({ ...input, series: 2 });
    expect(await host.poll({ ...input, series: 2 })).toMatchObject({ status: 'ready' });
    expect(await readdir(loraDir)).toEqual([loraFileName(MODEL_ID, 2)]);
    const removal = await host.removeModel({ air: ready.status === 'ready' ? ready.air : null });
    expect(removal.removed).toEqual([`LoRA file ${loraFileName(MODEL_ID, 2)}`]);
    expect(await readdir(loraDir)).toEqual([]);
    comfy.assertNoViolations();
  });

  it('refuses a model without weights for good', async () => {
    const client = await start();
    const { host, input } = await placedModel(client);
    await expect(host.submit({ ...input, weightsKey: null })).rejects.toMatchObject({ retryable: false });
  });
});

describe('ComfyUI generation', () => {
  it('renders one prompt per image with its seed, the personal and style LoRAs, the bearer token', async () => {
    const client = await start();
    const { host, input } = await placedModel(client);
    await host.submit(input);
    const ready = await host.poll(input);
    const engine = createComfyImageEngine(client, { baseModel: 'flux2-klein-4b', pollMs: 1, sleep: steps() });
    const images = await engine.render(
      request({
        personalModel: {
          id: MODEL_ID,
          name: 'Me',
          triggerWord: 'ohwx',
          promptModifier: '',
          airName: ready.status === 'ready' ? ready.air : null,
          weight: 0.9,
          artifact: null,
        },
        style: {
          id: 's',
          name: 'Anime',
          prompt: 'anime',
          negativePrompt: 'blurry',
          isNsfw: false,
          loras: [{ id: 'civitai:58390@62833', weight: 0.6, triggerWord: 'anmstl' }],
        },
      }),
    );
    expect(images).toHaveLength(2);
    expect(images.map((i) => i.seed)).toEqual([41, 42]);
    const meta = await sharp(images[0]!.data).metadata();
    expect([meta.width, meta.height]).toEqual([512, 768]);
    const [first, second] = comfy.prompts();
    expect(first!.prompt_id).toBe(imagePromptId(request().taskId, 0));
    expect(second!.prompt['7']!.inputs!.noise_seed).toBe(42);
    expect(first!.prompt['1000']!.inputs).toMatchObject({
      lora_name: `studio/${loraFileName(MODEL_ID, 1)}`,
      strength_model: 0.9,
    });
    expect(first!.prompt['1001']!.inputs).toMatchObject({
      lora_name: 'civitai-58390-62833.safetensors',
      strength_model: 0.6,
    });
    expect(first!.prompt['4']!.inputs!.text).toBe('ohwx, on a mountain ridge, anime, anmstl');
    expect(first!.prompt['5']!.inputs!.text).toBe('blurry');
    expect(comfy.received.every((r) => r.auth === `Bearer ${TOKEN}`)).toBe(true);
    comfy.assertNoViolations();
  });

  it('answers ComfyUI’s validation refusal as a final error naming the node', async () => {
    const client = await start({ models: { diffusion_models: [] } });
    const engine = createComfyImageEngine(client, { baseModel: 'flux2-klein-4b', pollMs: 1, sleep: steps() });
    const e = await engine.render(request({ count: 1 })).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(EngineError);
    expect(e).toMatchObject({ retryable: false, code: 'invalidWorkflow' });
    expect((e as Error).message).toMatch(
      /Prompt outputs failed validation; #1 UNETLoader: Value not in list \(unet_name: 'flux-2-klein-4b.safetensors'/,
    );
  });

  it('refuses a personal model ComfyUI does not list, before queueing anything', async () => {
    const client = await start();
    const engine = createComfyImageEngine(client, { baseModel: 'flux2-klein-4b', pollMs: 1, sleep: steps() });
    const e = await engine
      .render(
        request({
          personalModel: {
            id: MODEL_ID,
            name: 'Me',
            triggerWord: 'x',
            promptModifier: '',
            airName: 'comfyui:studio/gone.safetensors',
            weight: 1,
            artifact: null,
          },
        }),
      )
      .catch((x: unknown) => x);
    expect(e).toMatchObject({ retryable: false, code: 'loraMissing' });
    expect(comfy.prompts()).toHaveLength(0);
  });

  it('a node error while running is final (the job refunds)', async () => {
    const client = await start();
    comfy.failNextRun();
    const engine = createComfyImageEngine(client, { baseModel: 'flux2-klein-4b', pollMs: 1, sleep: steps() });
    const e = await engine.render(request({ count: 1 })).catch((x: unknown) => x);
    expect(e).toMatchObject({ retryable: false, code: 'renderFailed' });
    expect((e as Error).message).toMatch(/SamplerCustomAdvanced: CUDA out of memory/);
  });

  it('a full queue is a passing condition: retryable, nothing queued', async () => {
    const client = await start();
    comfy.queueFull(1);
    const engine = createComfyImageEngine(client, { baseModel: 'flux2-klein-4b', pollMs: 1, sleep: steps() });
    await expect(engine.render(request({ count: 1 }))).rejects.toMatchObject({
      retryable: true,
      status: 503,
    });
    expect(comfy.queueLength()).toBe(0);
  });

  it('a restart that forgets the queue: the lost prompt is sent again under its id and runs once', async () => {
    const client = await start({ hold: true });
    const engine = createComfyImageEngine(client, {
      baseModel: 'flux2-klein-4b',
      pollMs: 1,
      sleep: steps(
        () => comfy.restart(),
        () => comfy.release(),
      ),
    });
    const images = await engine.render(request({ count: 1 }));
    expect(images).toHaveLength(1);
    const id = imagePromptId(request().taskId, 0);
    expect(comfy.prompts().map((p) => p.prompt_id)).toEqual([id, id]);
    expect(comfy.executed()).toBe(1);
    comfy.assertNoViolations();
  });

  it('a restart after the render: history is gone, the picture on disk is still delivered', async () => {
    const client = await start({ hold: true });
    const engine = createComfyImageEngine(client, {
      baseModel: 'flux2-klein-4b',
      pollMs: 1,
      sleep: steps(async () => {
        await comfy.release();
        comfy.restart();
      }),
    });
    const images = await engine.render(request({ count: 1 }));
    expect(images).toHaveLength(1);
    expect(comfy.prompts()).toHaveLength(1);
    expect(comfy.executed()).toBe(1);
    expect(comfy.outputFiles()).toEqual([
      `lora-studio/${expectedOutput(imagePromptId(request().taskId, 0)).filename}`,
    ]);
  });

  it('a later attempt adopts what an earlier one queued, and renders only what is missing', async () => {
    const client = await start({ hold: true });
    const prior = '1a2b3c4d-0000-4000-8000-000000000001';
    // attempt 1 queued two images, then its worker died
    const dying = createComfyImageEngine(client, {
      baseModel: 'flux2-klein-4b',
      pollMs: 1,
      sleep: () => Promise.reject(new Error('worker died')),
    });
    await expect(dying.render(request({ taskId: prior }))).rejects.toThrow('worker died');
    expect(comfy.queueLength()).toBe(2);
    await comfy.release();
    // attempt 2 stored nothing yet: both images are the earlier prompts', none is rendered again
    const engine = createComfyImageEngine(client, { baseModel: 'flux2-klein-4b', pollMs: 1, sleep: steps() });
    const images = await engine.render(request({ adoptable: [{ taskId: prior, skip: 0 }] }));
    expect(images.map((i) => i.vendorId)).toEqual([imagePromptId(prior, 0), imagePromptId(prior, 1)]);
    expect(comfy.prompts()).toHaveLength(2);
    expect(comfy.executed()).toBe(2);
  });

  it('an output gone from /view hands the job back; the next attempt renders it anew', async () => {
    const client = await start();
    comfy.dropOutputs();
    const engine = createComfyImageEngine(client, { baseModel: 'flux2-klein-4b', pollMs: 1, sleep: steps() });
    await expect(engine.render(request({ count: 1 }))).rejects.toMatchObject({
      retryable: true,
      code: 'outputGone',
    });
    comfy.dropOutputs(false);
    const next = '1a2b3c4d-0000-4000-8000-000000000002';
    const images = await engine.render(
      request({ count: 1, taskId: next, adoptable: [{ taskId: request().taskId, skip: 0 }] }),
    );
    expect(images[0]!.vendorId).toBe(imagePromptId(next, 0));
    expect(comfy.executed()).toBe(2);
  });

  it('an old ComfyUI that ignores prompt_id is a configuration error, its prompt taken off the queue', async () => {
    const client = await start({ ignorePromptId: true, hold: true });
    const engine = createComfyImageEngine(client, { baseModel: 'flux2-klein-4b', pollMs: 1, sleep: steps() });
    await expect(engine.render(request({ count: 1 }))).rejects.toMatchObject({
      retryable: false,
      code: 'configuration',
    });
    expect(comfy.queueLength()).toBe(0);
  });

  it('a wrong token is a configuration error', async () => {
    await start();
    const client = createComfyClient({ url: comfy.url, token: 'wrong' });
    const engine = createComfyImageEngine(client, { baseModel: 'flux1-dev', pollMs: 1, sleep: steps() });
    await expect(engine.render(request({ count: 1 }))).rejects.toBeInstanceOf(EngineError);
  });

  it('the FLUX.1 [dev] workflow passes validation too', async () => {
    const client = await start();
    const engine = createComfyImageEngine(client, { baseModel: 'flux1-dev', pollMs: 1, sleep: steps() });
    const [img] = await engine.render(request({ count: 1 }));
    expect((await sharp(img!.data).metadata()).width).toBe(512);
    comfy.assertNoViolations();
  });
});

describe('ComfyUI upscale', () => {
  it('uploads the original, upscales ×2 and ×4 to the exact size', async () => {
    const client = await start();
    const upscaler = createComfyUpscaler(client, { pollMs: 1, sleep: steps() });
    const image = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    for (const factor of [2, 4] as const) {
      const taskId = `5e6f7a8b-0000-4000-8000-00000000000${factor}`;
      const out = await upscaler.upscale({ taskId, image, width: 300, height: 200, factor });
      const meta = await sharp(out).metadata();
      expect([meta.width, meta.height]).toEqual([300 * factor, 200 * factor]);
      expect(comfy.prompts().at(-1)!.prompt_id).toBe(upscalePromptId(taskId));
    }
    comfy.assertNoViolations();
  });

  it('adopts an earlier attempt’s upscale instead of running it again', async () => {
    const client = await start({ hold: true });
    const image = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    const prior = '5e6f7a8b-0000-4000-8000-0000000000a1';
    const dying = createComfyUpscaler(client, {
      pollMs: 1,
      sleep: () => Promise.reject(new Error('worker died')),
    });
    await expect(dying.upscale({ taskId: prior, image, width: 64, height: 64, factor: 2 })).rejects.toThrow();
    await comfy.release();
    const upscaler = createComfyUpscaler(client, { pollMs: 1, sleep: steps() });
    const out = await upscaler.upscale({
      taskId: '5e6f7a8b-0000-4000-8000-0000000000a2',
      adoptable: [prior],
      image,
      width: 64,
      height: 64,
      factor: 2,
    });
    expect((await sharp(out).metadata()).width).toBe(128);
    expect(comfy.prompts()).toHaveLength(1);
  });
});

describe('a LoRA folder ComfyUI does not list', () => {
  it('stays processing, saying what to check', async () => {
    const client = await start({ loraDir: path.join(dir, 'elsewhere') });
    const { host, input } = await placedModel(client);
    await host.submit(input);
    const p = await host.poll(input);
    expect(p).toMatchObject({ status: 'processing' });
    expect(p.message).toMatch(/COMFYUI_LORA_DIR/);
  });
});
