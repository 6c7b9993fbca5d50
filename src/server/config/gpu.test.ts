import { describe, expect, it } from 'vitest';
import { engineNames } from '../engines/index';
import { ConfigError, loadConfig } from './index';

const base = { DATA_DIR: '/tmp/lora-config-test', SESSION_SECRET: 'x'.repeat(40) };

function refused(env: Record<string, string>) {
  try {
    loadConfig({ ...base, ...env });
    return 'accepted';
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
}

describe('the self-hosted GPU section', () => {
  it('defaults to FLUX.2-klein 4B and no GPU trainer', () => {
    const c = loadConfig(base);
    expect(c.gpu).toEqual({ baseModel: 'flux2-klein-4b', baseModelPath: undefined, trainer: undefined });
    expect(engineNames(c).training).toBe('offline');
  });

  it('GPU_TRAINER=ai-toolkit trains on the GPU, python3 unless told, whatever vendor keys are set', () => {
    const c = loadConfig({
      ...base,
      GPU_TRAINER: 'ai-toolkit',
      AI_TOOLKIT_DIR: '/opt/ai-toolkit',
      REPLICATE_API_TOKEN: 'r8_x',
      REPLICATE_API_URL: 'http://127.0.0.1:9/v1',
    });
    expect(c.gpu.trainer).toEqual({ kind: 'ai-toolkit', dir: '/opt/ai-toolkit', python: 'python3' });
    expect(engineNames(c).training).toBe('ai-toolkit');
    expect(
      loadConfig({
        ...base,
        GPU_TRAINER: 'ai-toolkit',
        AI_TOOLKIT_DIR: '/opt/ai-toolkit',
        AI_TOOLKIT_PYTHON: '/opt/ai-toolkit/venv/bin/python',
      }).gpu.trainer?.python,
    ).toBe('/opt/ai-toolkit/venv/bin/python');
  });

  it('flux1-dev stops the start naming GPU_BASE_MODEL_LICENSED until it is 1', () => {
    expect(refused({ GPU_BASE_MODEL: 'flux1-dev' })).toMatch(
      /GPU_BASE_MODEL_LICENSED: set it to 1 to use GPU_BASE_MODEL=flux1-dev/,
    );
    expect(refused({ GPU_BASE_MODEL: 'flux1-dev', GPU_BASE_MODEL_LICENSED: '0' })).toMatch(
      /GPU_BASE_MODEL_LICENSED/,
    );
    expect(
      loadConfig({ ...base, GPU_BASE_MODEL: 'flux1-dev', GPU_BASE_MODEL_LICENSED: '1' }).gpu.baseModel,
    ).toBe('flux1-dev');
  });

  it('refuses a LoRA trained here on FLUX.2 going to Runware, which hosts personal models as FLUX.1 [dev]', () => {
    const toRunware = {
      GPU_TRAINER: 'ai-toolkit',
      AI_TOOLKIT_DIR: '/opt/ai-toolkit',
      RUNWARE_API_KEY: 'rw_x',
      RUNWARE_AIR_SOURCE: 'studio',
      PUBLIC_URL: 'https://studio.example.com',
    };
    expect(refused(toRunware)).toMatch(/GPU_BASE_MODEL: flux2-klein-4b LoRAs cannot be hosted on Runware/);
    const flux1 = { ...toRunware, GPU_BASE_MODEL: 'flux1-dev', GPU_BASE_MODEL_LICENSED: '1' };
    expect(engineNames(loadConfig({ ...base, ...flux1 })).hosting).toBe('runware');
    const comfy = { ...toRunware, COMFYUI_URL: 'http://127.0.0.1:8188', COMFYUI_LORA_DIR: '/tmp/loras' };
    expect(engineNames(loadConfig({ ...base, ...comfy })).hosting).toBe('comfyui');
  });

  it('names the variable of every other mistake', () => {
    expect(refused({ GPU_TRAINER: 'ai-toolkit' })).toMatch(
      /AI_TOOLKIT_DIR: required when GPU_TRAINER=ai-toolkit/,
    );
    expect(refused({ GPU_TRAINER: 'kohya' })).toMatch(/GPU_TRAINER: /);
    expect(refused({ GPU_BASE_MODEL: 'sdxl' })).toMatch(/GPU_BASE_MODEL: /);
    expect(refused({ AI_TOOLKIT_DIR: '/opt/ai-toolkit' })).toMatch(
      /AI_TOOLKIT_DIR: set GPU_TRAINER=ai-toolkit too/,
    );
  });
});
