import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Storage } from '../../storage/storage';
import { EngineError } from '../engine-error';
import type { HostingEngine, HostPoll, HostUploadInput } from '../hosting/hosting';
import { comboOptions, type ComfyClient } from './comfyui-client';
import { COMFY_AIR_PREFIX } from './comfyui-images';

/**
 * The file a model's LoRA is placed as, named by the model id and the upload series: a retrained
 * model gets a new name, because ComfyUI's LoraLoader keeps the last file it loaded by its path and
 * would go on using the old weights under the old name.
 */
export function loraFileName(modelId: string, series: number) {
  return `lora-studio-${modelId}-s${series}.safetensors`;
}

const modelIdOf = (file: string) => /^lora-studio-([0-9a-f-]{36})-s\d+\.safetensors$/.exec(file)?.[1];
const basename = (name: string) => name.split(/[\\/]/).pop() ?? name;

/**
 * Hosting on ComfyUI: ComfyUI's API takes no model files, so the worker copies the LoRA from the
 * product's storage into COMFYUI_LORA_DIR, a directory ComfyUI lists under its `loras` folder. The
 * model is ready when ComfyUI's own loader lists the file (GET /object_info): what it lists, it loads.
 * Its `air` is that listed name, which generation hands to LoraLoaderModelOnly.
 */
export function createComfyHost(opts: {
  client: ComfyClient;
  storage: Storage;
  loraDir: string;
  pollMs?: number;
}): HostingEngine {
  const dir = path.resolve(opts.loraDir);

  async function place(input: HostUploadInput) {
    if (!input.weightsKey)
      throw new EngineError(
        'The model has no LoRA weights to place in ComfyUI',
        false,
        undefined,
        'noWeights',
      );
    const name = loraFileName(input.modelId, input.series);
    const target = path.join(dir, name);
    const obj = await opts.storage.get(input.weightsKey);
    if (!obj)
      throw new EngineError(
        'The model’s LoRA weights are missing from storage',
        false,
        undefined,
        'noWeights',
      );
    const existing = await stat(target).catch(() => null);
    if (existing?.size === obj.size) {
      // placed by an earlier attempt: idempotent
      obj.stream.destroy();
      return;
    }
    try {
      await mkdir(dir, { recursive: true });
      // written beside and renamed, so ComfyUI never lists (and loads) half a file
      const part = path.join(dir, `.${name}.${process.pid}.part`);
      await pipeline(obj.stream, createWriteStream(part));
      await rename(part, target);
    } catch (err) {
      throw new EngineError(
        `Could not write the LoRA to COMFYUI_LORA_DIR (${(err as NodeJS.ErrnoException).code ?? 'error'})`,
        // a full disk or a lost mount passes; a folder this worker may not write to does not
        !['EACCES', 'EPERM', 'EROFS'].includes((err as NodeJS.ErrnoException).code ?? ''),
        undefined,
        'loraDir',
      );
    }
  }

  return {
    name: 'comfyui',
    pollMs: opts.pollMs ?? 2000,
    maxDurationMs: 10 * 60_000,
    async submit(input) {
      await place(input);
    },
    async poll(input): Promise<HostPoll> {
      const name = loraFileName(input.modelId, input.series);
      // the file may have been removed since (a cleaned folder): placing it again is harmless
      if (!(await stat(path.join(dir, name)).catch(() => null))) await place(input);
      const info = await opts.client.objectInfo('LoraLoaderModelOnly');
      if (!info.LoraLoaderModelOnly)
        return { status: 'failed', message: 'ComfyUI has no LoraLoaderModelOnly node' };
      const listed = comboOptions(info.LoraLoaderModelOnly, 'lora_name').find((n) => basename(n) === name);
      if (!listed)
        return {
          status: 'processing',
          message: 'Waiting for ComfyUI to list the LoRA (is COMFYUI_LORA_DIR inside its loras folder?)',
        };
      // older series of this model are no longer used by anything: remove them
      for (const f of await readdir(dir).catch(() => [] as string[]))
        if (f !== name && modelIdOf(f) === input.modelId) await rm(path.join(dir, f), { force: true });
      return {
        status: 'ready',
        air: `${COMFY_AIR_PREFIX}${listed}`,
        message: 'Model placed in ComfyUI and ready for use.',
      };
    },
    /** Deletes every LoRA file of the model from the shared folder. */
    async removeModel({ air, modelId: id }) {
      const file = air?.startsWith(COMFY_AIR_PREFIX) ? basename(air.slice(COMFY_AIR_PREFIX.length)) : null;
      const modelId = id ?? (file ? modelIdOf(file) : undefined);
      if (!modelId) return { vendor: 'ComfyUI', removed: [] };
      const removed: string[] = [];
      for (const f of await readdir(dir).catch(() => [] as string[])) {
        if (modelIdOf(f) !== modelId) continue;
        await rm(path.join(dir, f), { force: true });
        removed.push(`LoRA file ${f}`);
      }
      return { vendor: 'ComfyUI', removed };
    },
  };
}
