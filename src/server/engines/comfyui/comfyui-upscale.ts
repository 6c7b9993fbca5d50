import { derivedUUID } from '../../lib/derived-uuid';
import { UPSCALE_TIMEOUT_MS, type Upscaler } from '../images/upscale';
import type { ComfyClient } from './comfyui-client';
import { filenamePrefix, promptState, runPrompts, type PromptJob } from './prompt-runner';
import { buildGraph, COMFY_SUBFOLDER, UPSCALE_WORKFLOW } from './workflow';

export const upscalePromptId = (taskId: string) => derivedUUID(taskId, 'comfy-upscale');

/**
 * Upscale on ComfyUI (workflows/upscale-v1.json): the original goes to ComfyUI's input folder under a
 * name derived from the task, a ×4 model upscales it and a Lanczos resample brings it to the factor
 * asked. Like generation, an earlier attempt's prompt is adopted when ComfyUI still has it.
 */
export function createComfyUpscaler(
  client: ComfyClient,
  opts: { pollMs?: number; timeoutMs?: number; sleep?: (ms: number) => Promise<void> } = {},
): Upscaler {
  const wf = UPSCALE_WORKFLOW;
  const pollMs = opts.pollMs ?? 1000;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const inputName = (taskId: string) => `${COMFY_SUBFOLDER}/${taskId}.jpg`;
  const jobFor = (taskId: string, factor: 2 | 4): PromptJob => {
    const promptId = upscalePromptId(taskId);
    return {
      promptId,
      outputNode: wf.output,
      graph: buildGraph(wf, {
        image: inputName(taskId),
        scale: factor / 4,
        filenamePrefix: filenamePrefix(promptId),
      }),
    };
  };

  return {
    name: 'comfyui',
    async upscale(req) {
      const deadline = Date.now() + (opts.timeoutMs ?? UPSCALE_TIMEOUT_MS);
      const queued = await client.queued();
      for (const prior of req.adoptable ?? []) {
        const job = jobFor(prior, req.factor);
        const s = await promptState(client, job, queued);
        if (s.state === 'queued' || s.state === 'done') {
          const [data] = await runPrompts(client, [job], { pollMs, deadline, sleep, clientId: prior });
          return data!;
        }
      }
      // the original goes up first (idempotent: overwrite), then the prompt that reads it
      const name = await client.uploadImage(`${req.taskId}.jpg`, COMFY_SUBFOLDER, req.image);
      const job = jobFor(req.taskId, req.factor);
      // ComfyUI may rename an upload; the graph loads the name it answered
      for (const [node, input] of wf.bind.image ?? []) job.graph[node]!.inputs[input] = name;
      await client.submit(job.promptId, job.graph, req.taskId);
      const [data] = await runPrompts(client, [job], { pollMs, deadline, sleep, clientId: req.taskId });
      return data!;
    },
  };
}
