import type { GpuBaseModel } from '../../config/comfyui';
import { derivedUUID } from '../../lib/derived-uuid';
import { EngineError } from '../engine-error';
import { composePrompt, RENDER_TIMEOUT_MS, type ImageEngine, type RenderRequest } from '../images/images';
import { comboOptions, type ComfyClient } from './comfyui-client';
import { filenamePrefix, promptState, runPrompts, type PromptJob } from './prompt-runner';
import { buildGraph, generateWorkflow, type LoraRef } from './workflow';

/** The `air` a model hosted on ComfyUI gets: the LoRA's name as ComfyUI's loader lists it. */
export const COMFY_AIR_PREFIX = 'comfyui:';

/** The prompt of image `index` of a render task: derived, so any later attempt can look it up. */
export const imagePromptId = (taskId: string, index: number) => derivedUUID(taskId, `comfy-image-${index}`);

/**
 * A style's LoRA as a file in ComfyUI's loras folder: an entry already naming a file is used as it
 * is; a vendor AIR (`civitai:58390@62833`) is looked for as `civitai-58390-62833.safetensors`
 * (docs/operators/self-hosted-gpu.md says how to place them).
 */
export function styleLoraFile(id: string): string {
  return /\.(safetensors|pt|ckpt)$/i.test(id) ? id : `${id.replace(/[^A-Za-z0-9._-]+/g, '-')}.safetensors`;
}

const basename = (name: string) => name.split(/[\\/]/).pop() ?? name;

export type ComfyImageOptions = {
  baseModel: GpuBaseModel;
  pollMs?: number;
  renderTimeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
};

/**
 * Generation on ComfyUI: one prompt per picture (its own seed, seed + i, as the other engines), each
 * the versioned workflow of the base with the LoRA stack (the personal LoRA, then the style's).
 * Restart-safe without any state of its own: prompt ids derive from the job's task ids, so a retried
 * job adopts what an earlier attempt queued or finished instead of rendering it again.
 */
export function createComfyImageEngine(client: ComfyClient, opts: ComfyImageOptions): ImageEngine {
  const wf = generateWorkflow(opts.baseModel);
  const pollMs = opts.pollMs ?? 1000;
  const renderTimeoutMs = opts.renderTimeoutMs ?? RENDER_TIMEOUT_MS;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));

  /** The LoRA names ComfyUI can load, matched by file name (it lists them relative to its loras roots). */
  async function resolveLoras(req: RenderRequest): Promise<LoraRef[]> {
    const wanted: { file: string; strength: number; what: string }[] = [];
    const pm = req.personalModel;
    if (pm) {
      if (!pm.airName?.startsWith(COMFY_AIR_PREFIX))
        throw new EngineError(
          'This model is not available for generation yet',
          false,
          undefined,
          'modelNotHosted',
        );
      wanted.push({
        file: pm.airName.slice(COMFY_AIR_PREFIX.length),
        strength: pm.weight,
        what: 'the model',
      });
    }
    for (const l of req.style?.loras ?? [])
      if (l.id)
        wanted.push({
          file: styleLoraFile(l.id),
          strength: Number(l.weight),
          what: `the style's LoRA ${l.id}`,
        });
    if (wanted.length === 0) return [];
    const info = await client.objectInfo('LoraLoaderModelOnly');
    const listed = comboOptions(info.LoraLoaderModelOnly, 'lora_name');
    return wanted.map((w) => {
      const name = listed.find((n) => n === w.file) ?? listed.find((n) => basename(n) === basename(w.file));
      if (!name)
        throw new EngineError(
          `ComfyUI has no LoRA file for ${w.what} (${basename(w.file)})`,
          false,
          undefined,
          'loraMissing',
        );
      return { name, strength: w.strength };
    });
  }

  return {
    name: 'comfyui',
    async render(req) {
      const deadline = Date.now() + renderTimeoutMs;
      const loras = await resolveLoras(req);
      const negative = [req.negativePrompt, req.style?.negativePrompt ?? '']
        .map((s) => s.trim())
        .filter(Boolean)
        .join(', ');
      const jobFor = (promptId: string, index: number): PromptJob => ({
        promptId,
        outputNode: wf.output,
        graph: buildGraph(
          wf,
          {
            prompt: composePrompt(req),
            negative,
            seed: (req.seed + index) % 2_147_483_648,
            steps: wf.defaults?.steps ?? 20,
            width: req.width,
            height: req.height,
            filenamePrefix: filenamePrefix(promptId),
          },
          loras,
        ),
      });

      const jobs: PromptJob[] = [];
      const queued = await client.queued();
      for (let i = 0; i < req.count; i++) {
        // image i of this call is image skip + i of an earlier attempt's task: adopt it if it lives
        let adopted: PromptJob | null = null;
        for (const prior of req.adoptable ?? []) {
          const job = jobFor(imagePromptId(prior.taskId, prior.skip + i), i);
          const s = await promptState(client, job, queued);
          if (s.state === 'queued' || s.state === 'done') {
            adopted = job;
            break;
          }
        }
        if (adopted) {
          jobs.push(adopted);
          continue;
        }
        const own = jobFor(imagePromptId(req.taskId, i), i);
        await client.submit(own.promptId, own.graph, req.taskId);
        jobs.push(own);
      }
      const pictures = await runPrompts(client, jobs, { pollMs, deadline, sleep, clientId: req.taskId });
      // core ComfyUI has no safety checker: a picture is flagged as its style is
      return pictures.map((data, i) => ({
        data,
        isNsfw: req.style?.isNsfw ?? false,
        seed: (req.seed + i) % 2_147_483_648,
        vendorId: jobs[i]!.promptId,
      }));
    },
  };
}
