import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createComfyDouble, type ComfyDouble } from '../../../../tests/vendors/comfyui-double';
import { models as modelsTable, presetStyles, transactions } from '../../db/schema/index';
import type { TrainingEngine } from '../../engines/training/training';
import { loraWeightsKey } from '../../storage/keys';
import { catalog } from '../../test/generation-helpers';
import { createHarness, type Harness } from '../../test/harness';
import { grantTokens, modelWithPhotos, waitForStatus } from '../../test/training-helpers';
import { until } from '../../test/until';
import { ledgerMismatches } from '../tokens/ledger.service';

// Issue 42: hosting, generation and upscale on ComfyUI (the strict double of
// tests/vendors/comfyui-double.ts), training offline, on PGlite. The offline trainer writes no LoRA
// weights, so here it also writes the weights file a GPU trainer leaves (loraWeightsKey) — the file
// the ComfyUI host copies into the shared folder.

const TOKEN = 'comfy-flow-token';
const STYLE_LORA = 'civitai:58390@62833';
const LORA = Buffer.from('{"__metadata__":{"ss_network_module":"networks.lora"}}');
let dir: string;
let loraDir: string;
let comfy: ComfyDouble;
let h: Harness;

/** The offline trainer, plus the .safetensors a real trainer writes beside its output. */
function offlineWithWeights(base: TrainingEngine): TrainingEngine {
  return {
    ...base,
    async poll(input) {
      const p = await base.poll(input);
      if (p.status !== 'succeeded') return p;
      const weightsKey = loraWeightsKey(input.userId, input.modelId);
      await h.deps.storage.put(weightsKey, LORA, 'application/octet-stream');
      return { ...p, output: { ...p.output, weightsKey } };
    },
  };
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'comfy-flow-'));
  loraDir = path.join(dir, 'comfyui', 'models', 'loras', 'studio');
  comfy = await createComfyDouble({
    token: TOKEN,
    loraDir,
    extraLoras: ['civitai-58390-62833.safetensors'],
  });
  h = await createHarness(
    { COMFYUI_URL: comfy.url, COMFYUI_TOKEN: TOKEN, COMFYUI_LORA_DIR: loraDir },
    {
      engines: (built) => ({
        trainers: {
          ...built.trainers,
          offline: offlineWithWeights(built.trainers.offline),
        },
      }),
    },
  );
});
afterAll(async () => {
  await h?.close();
  await comfy?.close();
  await rm(dir, { recursive: true, force: true });
});

async function readyComfyModel() {
  const c = h.client();
  const user = await c.register();
  await grantTokens(h, user.id, 2000);
  const modelId = await modelWithPhotos(c, 6, 90);
  expect((await c.post(`/api/models/${modelId}/train`)).statusCode).toBe(200);
  expect((await waitForStatus(c, modelId, ['ready', 'failed'], 30_000)).status).toBe('ready');
  return { c, user, modelId };
}

const balanceOf = async (c: ReturnType<Harness['client']>) =>
  (await c.get('/api/auth/user')).json().user.tokenBalance as number;

describe('a personal model on ComfyUI, trained offline', () => {
  it('reports comfyui and no processor: nothing leaves the operator’s servers', async () => {
    const config = (await h.client().get('/api/config')).json();
    expect(config.engines).toMatchObject({
      training: 'offline',
      hosting: 'comfyui',
      images: 'comfyui',
      storage: 'local',
    });
    expect(config.privacy.processors).toEqual([]);
  });

  it('create → upload → train → host → generate → upscale → delete removes the LoRA', async () => {
    const cat = await catalog(h.deps);
    await h.deps.db
      .update(presetStyles)
      .set({ loraModels: [{ id: STYLE_LORA, weight: 0.6, triggerWord: 'anmstl' }] })
      .where(eq(presetStyles.id, cat.style.id));
    const { c, modelId } = await readyComfyModel();

    // hosted: the LoRA sits in the shared folder, named by the model id, and ComfyUI lists it
    const row = (await h.deps.db.select().from(modelsTable).where(eq(modelsTable.id, modelId)))[0]!;
    expect(row).toMatchObject({ trainingProvider: 'offline', hostingProvider: 'comfyui' });
    const [file] = await readdir(loraDir);
    expect(file).toContain(modelId);
    expect(row.runwareAirName).toBe(`comfyui:studio/${file}`);

    // generate with the personal LoRA and the style's
    const res = await c.post('/api/generate-image', {
      prompt: 'on a mountain ridge',
      baseModelId: cat.dev.id,
      modelId,
      styleId: cat.style.id,
      count: 2,
      width: 512,
      height: 768,
      loraStrength: 0.9,
      calculatedTokenCost: (15 + cat.style.tokenCost) * 2,
    });
    expect(res.statusCode).toBe(200);
    const out = res.json();
    expect(out.images).toHaveLength(2);
    const [first] = comfy.prompts();
    const loras = Object.values(first!.prompt).filter((n) => n.class_type === 'LoraLoaderModelOnly');
    expect(loras.map((n) => n.inputs)).toEqual([
      expect.objectContaining({ lora_name: `studio/${file}`, strength_model: 0.9 }),
      expect.objectContaining({ lora_name: 'civitai-58390-62833.safetensors', strength_model: 0.6 }),
    ]);
    const stored = await c.get(out.imageUrl);
    expect(stored.statusCode).toBe(200);
    expect((await sharp(stored.rawPayload).metadata()).width).toBe(512);

    // upscale ×2 through ComfyUI's upscale graph
    const up = await c.post(`/api/generated-images/${out.id}/upscale`, { factor: 2 });
    const image =
      up.statusCode === 200
        ? up.json().image
        : await until(async () => {
            const list = (await c.get('/api/generated-images')).json().images as { upscaledFrom?: string }[];
            return list.find((i) => i.upscaledFrom === out.id);
          }, 'the upscaled image');
    expect(image).toMatchObject({ width: 1024, height: 1536, upscaledFrom: out.id });
    expect(
      comfy
        .prompts()
        .some((p) => Object.values(p.prompt).some((n) => n.class_type === 'ImageUpscaleWithModel')),
    ).toBe(true);

    // deleting the model deletes its LoRA from ComfyUI's folder and from storage
    expect((await c.del(`/api/models/${modelId}`)).statusCode).toBe(200);
    await until(async () => (await readdir(loraDir)).length === 0, 'the LoRA file to be removed');
    await until(
      async () => (await h.deps.storage.getBuffer(row.weightsKey!)) === null,
      'the weights to leave storage',
    );
    expect(await ledgerMismatches(h.deps.db)).toEqual([]);
    comfy.assertNoViolations();
  });
});

describe('a ComfyUI restart in the middle of a generation', () => {
  it('the images arrive once, nothing is refunded, the balance equals the ledger', async () => {
    const cat = await catalog(h.deps);
    const { c, user, modelId } = await readyComfyModel();
    const before = await balanceOf(c);
    const ran = comfy.executed();
    comfy.hold();
    const pending = c.post('/api/generate-image', {
      prompt: 'in the rain',
      baseModelId: cat.dev.id,
      modelId,
      count: 2,
      width: 512,
      height: 512,
      loraStrength: 1,
      calculatedTokenCost: 30,
    });
    await until(() => comfy.queueLength() === 2, 'both prompts to be queued');
    comfy.restart();
    await comfy.release();
    const res = await pending;
    expect(res.statusCode).toBe(200);
    expect(res.json().images).toHaveLength(2);
    expect(comfy.executed() - ran).toBe(2);
    expect(await balanceOf(c)).toBe(before - 30);
    const refunds = await h.deps.db.select().from(transactions).where(eq(transactions.userId, user.id));
    expect(refunds.filter((t) => t.type === 'refund')).toEqual([]);
    expect(await ledgerMismatches(h.deps.db)).toEqual([]);
  });

  it('a render that then fails for good is refunded once, and no image arrives', async () => {
    const cat = await catalog(h.deps);
    const { c, user, modelId } = await readyComfyModel();
    const before = await balanceOf(c);
    comfy.hold();
    const pending = c.post('/api/generate-image', {
      prompt: 'at dusk',
      baseModelId: cat.dev.id,
      modelId,
      count: 1,
      width: 512,
      height: 512,
      loraStrength: 1,
      calculatedTokenCost: 15,
    });
    await until(() => comfy.queueLength() === 1, 'the prompt to be queued');
    comfy.restart();
    comfy.failNextRun();
    await comfy.release();
    const res = await pending;
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('GENERATION_FAILED');
    expect(await balanceOf(c)).toBe(before);
    const rows = await h.deps.db.select().from(transactions).where(eq(transactions.userId, user.id));
    expect(rows.filter((t) => t.type === 'refund')).toHaveLength(1);
    expect(await ledgerMismatches(h.deps.db)).toEqual([]);
  });
});
