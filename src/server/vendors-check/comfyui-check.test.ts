import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createComfyDouble, type ComfyDouble } from '../../../tests/vendors/comfyui-double';
import { runVendorsCheck } from './vendors-check';

// `npm run vendors:check` with COMFYUI_URL set, against the ComfyUI double: each failure with its fix.
const base = { DATA_DIR: '/tmp/lora-vendors-check', SESSION_SECRET: 'x'.repeat(40) };
let dir: string;
let loraDir: string;
let comfy: ComfyDouble | undefined;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'comfy-check-'));
  loraDir = path.join(dir, 'loras');
  await mkdir(loraDir);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});
afterEach(async () => {
  await comfy?.close();
  comfy = undefined;
});

async function check(env: Record<string, string>) {
  const lines: string[] = [];
  const code = await runVendorsCheck({ ...base, ...env }, (l) => lines.push(l), { timeoutMs: 2000 });
  const line = lines.findIndex((l) => l.trimStart().startsWith('ComfyUI'));
  return { code, line: lines[line] ?? '', fix: lines[line + 1]?.includes('fix:') ? lines[line + 1]! : '' };
}

describe('vendors:check for ComfyUI', () => {
  it('passes when reachable, with the workflows’ nodes and models, and a shared writable LoRA folder', async () => {
    comfy = await createComfyDouble({ token: 't', loraDir });
    const r = await check({ COMFYUI_URL: comfy.url, COMFYUI_TOKEN: 't', COMFYUI_LORA_DIR: loraDir });
    expect(r.code).toBe(0);
    expect(r.line).toMatch(
      /ComfyUI\s+OK\s+ComfyUI 0\.3\.75 on cuda:0 NVIDIA GeForce RTX 4090.*LoRA folder shared and writable/,
    );
    // the probe file is gone again, and nothing was queued
    expect(await readdir(loraDir)).toEqual([]);
    expect(comfy.prompts()).toEqual([]);
  });

  it('names a missing model file and the folder it goes in', async () => {
    comfy = await createComfyDouble({ loraDir, models: { vae: ['ae.safetensors'] } });
    const r = await check({ COMFYUI_URL: comfy.url, COMFYUI_LORA_DIR: loraDir });
    expect(r.code).toBe(1);
    expect(r.line).toMatch(/lacks the model files flux2-vae\.safetensors \(GPU_BASE_MODEL=flux2-klein-4b\)/);
    expect(r.fix).toMatch(/put flux2-vae\.safetensors in ComfyUI\/models\/vae/);
  });

  it('names missing node classes', async () => {
    comfy = await createComfyDouble({ loraDir, missingNodes: ['Flux2Scheduler', 'EmptyFlux2LatentImage'] });
    const r = await check({ COMFYUI_URL: comfy.url, COMFYUI_LORA_DIR: loraDir });
    expect(r.line).toMatch(
      /lacks the node classes Flux2Scheduler, EmptyFlux2LatentImage|lacks the node classes EmptyFlux2LatentImage, Flux2Scheduler/,
    );
    expect(r.fix).toMatch(/update ComfyUI/);
  });

  it('fails a LoRA folder ComfyUI does not list, and one this worker cannot write', async () => {
    comfy = await createComfyDouble({ loraDir: path.join(dir, 'elsewhere') });
    const unshared = await check({ COMFYUI_URL: comfy.url, COMFYUI_LORA_DIR: loraDir });
    expect(unshared.line).toMatch(/does not appear in ComfyUI's LoRA list/);
    expect(unshared.fix).toMatch(/extra_model_paths\.yaml/);
    expect(await readdir(loraDir)).toEqual([]);
    const missing = await check({ COMFYUI_URL: comfy.url, COMFYUI_LORA_DIR: path.join(dir, 'no', 'such') });
    expect(missing.line).toMatch(/cannot write to COMFYUI_LORA_DIR .* \(ENOENT\)/);
  });

  it('fails a wrong token and an unreachable server, each with its fix', async () => {
    comfy = await createComfyDouble({ token: 'right', loraDir });
    const wrong = await check({ COMFYUI_URL: comfy.url, COMFYUI_TOKEN: 'wrong', COMFYUI_LORA_DIR: loraDir });
    expect(wrong.line).toMatch(/401/);
    expect(wrong.fix).toMatch(/COMFYUI_TOKEN/);
    const port = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
    const down = await check({ COMFYUI_URL: `http://127.0.0.1:${port}`, COMFYUI_LORA_DIR: loraDir });
    expect(down.code).toBe(1);
    expect(down.line).toMatch(/could not reach 127\.0\.0\.1/);
    expect(down.fix).toMatch(/start ComfyUI and check COMFYUI_URL/);
  });
});
