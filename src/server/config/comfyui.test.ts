import { describe, expect, it } from 'vitest';
import { engineNames } from '../engines/index';
import { ConfigError, loadConfig } from './index';

const base = { DATA_DIR: '/tmp/lora-config-test', SESSION_SECRET: 'x'.repeat(40) };
const comfy = { COMFYUI_URL: 'http://10.0.0.5:8188/', COMFYUI_LORA_DIR: '/srv/comfyui/models/loras/studio' };

describe('the ComfyUI section (issue 42)', () => {
  it('is off by default; the base model defaults to FLUX.2 [klein] 4B', () => {
    expect(loadConfig(base).comfyui).toBeUndefined();
    const c = loadConfig({ ...base, ...comfy, COMFYUI_TOKEN: 'tok' });
    expect(c.comfyui).toEqual({
      url: 'http://10.0.0.5:8188',
      token: 'tok',
      loraDir: '/srv/comfyui/models/loras/studio',
      baseModel: 'flux2-klein-4b',
    });
    expect(
      loadConfig({ ...base, ...comfy, GPU_BASE_MODEL: 'flux1-dev', GPU_BASE_MODEL_LICENSED: '1' }).comfyui
        ?.baseModel,
    ).toBe('flux1-dev');
    expect(loadConfig({ ...base, ...comfy, GPU_BASE_MODEL: '' }).comfyui?.baseModel).toBe('flux2-klein-4b');
  });

  it('needs no public PUBLIC_URL: ComfyUI never calls back', () => {
    expect(() => loadConfig({ ...base, ...comfy })).not.toThrow();
  });

  it('stops the start naming the variable: no LoRA folder, a token or folder without a URL, a bad base', () => {
    const fails = (env: Record<string, string>, text: RegExp) => {
      expect(() => loadConfig({ ...base, ...env })).toThrow(ConfigError);
      expect(() => loadConfig({ ...base, ...env })).toThrow(text);
    };
    fails({ COMFYUI_URL: 'http://gpu:8188' }, /COMFYUI_LORA_DIR: required when COMFYUI_URL is set/);
    fails({ COMFYUI_TOKEN: 'tok' }, /COMFYUI_URL: required when COMFYUI_TOKEN is set/);
    fails({ ...comfy, COMFYUI_URL: 'gpu:8188' }, /COMFYUI_URL/);
    fails({ GPU_BASE_MODEL: 'sdxl' }, /GPU_BASE_MODEL/);
  });

  it('takes hosting, generation and upscale from Runware, leaving it captioning', () => {
    const names = engineNames(
      loadConfig({
        ...base,
        ...comfy,
        RUNWARE_API_KEY: 'rw',
        RUNWARE_AIR_SOURCE: 'acme',
        PUBLIC_URL: 'https://studio.example.com',
      }),
    );
    expect(names).toMatchObject({
      hosting: 'comfyui',
      images: 'comfyui',
      vision: 'runware',
      training: 'offline',
    });
  });
});
