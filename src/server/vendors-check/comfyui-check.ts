import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ComfyuiConfig } from '../config/comfyui';
import { comboOptions, type NodeInfo } from '../engines/comfyui/comfyui-client';
import { modelFiles, nodeClasses, workflowsFor } from '../engines/comfyui/workflow';

/** ComfyUI's models/ folder each loader reads, to say where a missing file goes. */
const FOLDER: Record<string, string> = {
  UNETLoader: 'models/diffusion_models',
  CLIPLoader: 'models/text_encoders',
  DualCLIPLoader: 'models/text_encoders',
  VAELoader: 'models/vae',
  UpscaleModelLoader: 'models/upscale_models',
};

export type ComfyVerdict = { status: 'OK' | 'FAILED'; detail: string; fix?: string };

type Get = (
  path: string,
) => Promise<{ kind: 'answer'; status: number; body: unknown } | { kind: 'unreachable'; reason: string }>;

/**
 * ComfyUI's first-day check: reachable (GET /system_stats), every node class and model file the
 * workflows name present (GET /object_info), and the LoRA folder writable by this worker and listed
 * by ComfyUI's loader — proved with a probe file that is removed again. Nothing is queued.
 */
export async function checkComfyui(cfg: ComfyuiConfig, get: Get): Promise<ComfyVerdict> {
  const stats = await get('/system_stats');
  if (stats.kind === 'unreachable')
    return {
      status: 'FAILED',
      detail: stats.reason,
      fix: 'start ComfyUI and check COMFYUI_URL (ComfyUI listens on 127.0.0.1:8188 unless started with --listen/--port)',
    };
  if (stats.status === 401 || stats.status === 403)
    return {
      status: 'FAILED',
      detail: `${stats.status}: the server in front of ComfyUI refused the credentials`,
      fix: 'set COMFYUI_TOKEN to the token your proxy expects (ComfyUI itself asks for none)',
    };
  if (stats.status !== 200)
    return {
      status: 'FAILED',
      detail: `${stats.status} from /system_stats`,
      fix: 'check that COMFYUI_URL points at ComfyUI itself',
    };
  const s = (stats.body ?? {}) as { system?: { comfyui_version?: string }; devices?: { name?: string }[] };
  const who = `ComfyUI ${s.system?.comfyui_version ?? '(version unknown)'} on ${s.devices?.[0]?.name ?? 'an unknown device'}`;

  const info = await get('/object_info');
  if (info.kind === 'unreachable' || info.status !== 200)
    return {
      status: 'FAILED',
      detail: `${who}, but /object_info did not answer`,
      fix: 'check the ComfyUI log for a node that fails to load',
    };
  const nodes = (info.body ?? {}) as Record<string, NodeInfo>;
  const workflows = workflowsFor(cfg.baseModel);
  const missingNodes = [...new Set(workflows.flatMap(nodeClasses))].filter((n) => !nodes[n]);
  if (missingNodes.length > 0)
    return {
      status: 'FAILED',
      detail: `${who} lacks the node classes ${missingNodes.join(', ')}`,
      fix: 'these are core ComfyUI nodes: update ComfyUI to a release that has them (docs/operators/self-hosted-gpu.md)',
    };
  const missingFiles = workflows
    .flatMap(modelFiles)
    .filter((m) => !comboOptions(nodes[m.nodeClass], m.input).includes(m.file));
  if (missingFiles.length > 0)
    return {
      status: 'FAILED',
      detail: `${who} lacks the model files ${missingFiles.map((m) => m.file).join(', ')} (GPU_BASE_MODEL=${cfg.baseModel})`,
      fix: missingFiles.map((m) => `put ${m.file} in ComfyUI/${FOLDER[m.nodeClass] ?? 'models'}`).join('; '),
    };

  // the folder: this worker writes, ComfyUI must list what it wrote
  const probe = `lora-studio-check-${randomUUID()}.safetensors`;
  try {
    await writeFile(path.join(cfg.loraDir, probe), '');
  } catch (err) {
    return {
      status: 'FAILED',
      detail: `${who}; this worker cannot write to COMFYUI_LORA_DIR ${cfg.loraDir} (${(err as NodeJS.ErrnoException).code ?? 'error'})`,
      fix: 'create the directory and give the worker’s user write access to it',
    };
  }
  try {
    const loras = await get('/object_info/LoraLoaderModelOnly');
    const listed =
      loras.kind === 'answer' &&
      comboOptions((loras.body as Record<string, NodeInfo>).LoraLoaderModelOnly, 'lora_name').some(
        (n) => n.split(/[\\/]/).pop() === probe,
      );
    if (!listed)
      return {
        status: 'FAILED',
        detail: `${who}; a file written to COMFYUI_LORA_DIR ${cfg.loraDir} does not appear in ComfyUI's LoRA list`,
        fix: "make COMFYUI_LORA_DIR a folder inside ComfyUI/models/loras (or add it under `loras:` in ComfyUI's extra_model_paths.yaml), shared with this worker",
      };
  } finally {
    await rm(path.join(cfg.loraDir, probe), { force: true });
  }
  return {
    status: 'OK',
    detail: `${who}; nodes and models of the ${cfg.baseModel} and upscale workflows present; LoRA folder shared and writable`,
  };
}
