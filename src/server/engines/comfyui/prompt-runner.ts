import { EngineError } from '../engine-error';
import type { ComfyClient, ComfyFile, HistoryEntry } from './comfyui-client';
import { COMFY_SUBFOLDER, type ComfyGraph } from './workflow';

/**
 * One image's prompt, and how to send it again. Its id is ours (derived from the job's task id), and
 * its SaveImage prefix is `lora-studio/<promptId>`, so the file it writes has a name known before it
 * runs: `<promptId>_00001_.png` (nodes.py SaveImage: prefix, a five-digit counter, `_.png`).
 */
export type PromptJob = { promptId: string; graph: ComfyGraph; outputNode: string };

export function expectedOutput(promptId: string): ComfyFile {
  return { filename: `${promptId}_00001_.png`, subfolder: COMFY_SUBFOLDER, type: 'output' };
}

export const filenamePrefix = (promptId: string) => `${COMFY_SUBFOLDER}/${promptId}`;

/** What ComfyUI knows of a prompt, looked at in the one order that cannot misread a finishing prompt. */
export type PromptState =
  | { state: 'queued' }
  | { state: 'done'; data: Buffer }
  | { state: 'failed'; message: string }
  /** finished, but its picture is gone from ComfyUI's output folder */
  | { state: 'gone' }
  /** neither queued nor in history nor on disk: ComfyUI restarted (or never got it) */
  | { state: 'lost' };

function executionError(entry: HistoryEntry): string {
  for (const [event, data] of entry.status?.messages ?? []) {
    if (event === 'execution_error') {
      const d = data as { node_type?: string; exception_message?: string };
      return `ComfyUI failed in ${d.node_type ?? 'a node'}: ${String(d.exception_message ?? '')
        .trim()
        .slice(0, 300)}`;
    }
    if (event === 'execution_interrupted') return 'ComfyUI interrupted the render';
  }
  return 'ComfyUI could not render the picture';
}

/**
 * The queue is read before the history: PromptQueue.task_done moves a prompt from "running" to the
 * history under one lock, so a prompt absent from the queue and then absent from the history was in
 * neither at the first look — lost — never "just finished between the two calls". `/history/{id}`
 * alone cannot tell: it answers `{}` for a running prompt and for one ComfyUI never heard of.
 */
export async function promptState(
  client: ComfyClient,
  job: Pick<PromptJob, 'promptId' | 'outputNode'>,
  queued?: Set<string>,
): Promise<PromptState> {
  const q = queued ?? (await client.queued());
  if (q.has(job.promptId)) return { state: 'queued' };
  const entry = await client.history(job.promptId);
  if (entry) {
    if (entry.status?.status_str === 'error') return { state: 'failed', message: executionError(entry) };
    const file = entry.outputs?.[job.outputNode]?.images?.[0];
    if (!file) return { state: 'failed', message: 'ComfyUI finished without a picture' };
    const data = await client.view(file);
    return data ? { state: 'done', data } : { state: 'gone' };
  }
  // history is kept in memory only: after a restart a finished prompt's picture is still on disk
  const data = await client.view(expectedOutput(job.promptId));
  return data ? { state: 'done', data } : { state: 'lost' };
}

export type RunOptions = {
  pollMs: number;
  deadline: number;
  sleep: (ms: number) => Promise<void>;
  clientId: string;
  /** how many times one call sends a lost prompt again before it gives the job back */
  maxResubmits?: number;
};

/**
 * Waits for every prompt, sending a lost one again under the same id (nothing of it exists any more,
 * so it cannot run twice). A refused or failed render is final; a vanished output or too many losses
 * hand the job back to its retry, whose next attempt adopts whatever is finished by then.
 */
export async function runPrompts(
  client: ComfyClient,
  jobs: PromptJob[],
  opts: RunOptions,
): Promise<Buffer[]> {
  const results = new Map<string, Buffer>();
  const resubmits = new Map<string, number>();
  let delay = opts.pollMs;
  for (;;) {
    const queued = await client.queued();
    for (const job of jobs) {
      if (results.has(job.promptId)) continue;
      const s = await promptState(client, job, queued);
      if (s.state === 'done') results.set(job.promptId, s.data);
      else if (s.state === 'failed') {
        // the call ends for good (and the job refunds what is missing): the rest would be GPU time for nothing
        const rest = jobs.filter((j) => j !== job && !results.has(j.promptId)).map((j) => j.promptId);
        if (rest.length > 0) await client.cancel(rest).catch(() => {});
        throw new EngineError(s.message, false, undefined, 'renderFailed');
      } else if (s.state === 'gone')
        throw new EngineError('ComfyUI no longer has the finished picture', true, undefined, 'outputGone');
      else if (s.state === 'lost') {
        const n = (resubmits.get(job.promptId) ?? 0) + 1;
        if (n > (opts.maxResubmits ?? 3))
          throw new EngineError('ComfyUI keeps losing the render', true, undefined, 'lost');
        resubmits.set(job.promptId, n);
        await client.submit(job.promptId, job.graph, opts.clientId);
      }
    }
    if (results.size === jobs.length) return jobs.map((j) => results.get(j.promptId)!);
    if (Date.now() + delay > opts.deadline)
      throw new EngineError('ComfyUI did not finish in time', true, undefined, 'timeout');
    await opts.sleep(delay);
    delay = Math.min(delay * 1.5, opts.pollMs * 5);
  }
}
