import {
  composePrompt,
  RENDER_REQUEST_TIMEOUT_MS,
  RENDER_TIMEOUT_MS,
  type ImageEngine,
  type RenderedImage,
  type RenderRequest,
} from './images';
import type { RunwareClient } from '../runware-client';
import { download, RUNWARE_RESULT_TTL_SECONDS, taskError, type RunwareReply } from './runware-tasks';
import { EngineError } from '../engine-error';

type InferenceResult = {
  taskType: string;
  taskUUID: string;
  status?: string;
  imageUUID?: string;
  imageURL?: string;
  seed?: number;
  NSFWContent?: boolean;
};

/**
 * The imageInference task for one generation (Runware's per-architecture imageInference params):
 * NSFW checking is `safety.checkContent` (answered as NSFWContent); LoRAs are `lora: [{model, weight}]`
 * by AIR; delivery is async so a task can be looked up by its taskUUID after a crash.
 */
export function inferenceTask(req: RenderRequest) {
  const lora: { model: string; weight: number }[] = [];
  if (req.personalModel?.airName)
    lora.push({ model: req.personalModel.airName, weight: req.personalModel.weight });
  for (const l of req.style?.loras ?? []) if (l.id) lora.push({ model: l.id, weight: Number(l.weight) });
  const negative = [req.negativePrompt, req.style?.negativePrompt ?? '']
    .map((s) => s.trim())
    .filter(Boolean)
    .join(', ');
  return {
    taskType: 'imageInference',
    taskUUID: req.taskId,
    model: req.baseModel.air,
    // Runware wants 2–3000 characters; our form allows a one-character prompt
    positivePrompt: composePrompt(req).padEnd(2, '.'),
    ...(negative.length >= 2 ? { negativePrompt: negative.slice(0, 3000) } : {}),
    width: req.width,
    height: req.height,
    numberResults: req.count,
    // Runware seeds start at 1
    seed: Math.max(1, req.seed),
    outputType: 'URL',
    ttl: RUNWARE_RESULT_TTL_SECONDS,
    outputFormat: 'JPG',
    deliveryMethod: 'async',
    safety: { checkContent: true },
    ...(lora.length > 0 ? { lora } : {}),
  };
}

export type RunwareImageOptions = {
  /** between getResponse polls */
  pollMs?: number;
  renderTimeoutMs?: number;
  /** one submit or poll */
  requestTimeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
};

export function createRunwareImageEngine(client: RunwareClient, opts: RunwareImageOptions = {}): ImageEngine {
  const pollMs = opts.pollMs ?? 1000;
  const renderTimeoutMs = opts.renderTimeoutMs ?? RENDER_TIMEOUT_MS;
  const timeoutMs = opts.requestTimeoutMs ?? RENDER_REQUEST_TIMEOUT_MS;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));

  const poll = (taskUUID: string): Promise<RunwareReply<InferenceResult>> =>
    client.request<InferenceResult>([{ taskType: 'getResponse', taskUUID }], { timeoutMs });

  /** Whether the vendor has this task, running or done (an unknown or failed one is not adopted). */
  async function known(taskUUID: string) {
    const reply = await poll(taskUUID);
    if (reply.errors.some((e) => !e.taskUUID || e.taskUUID === taskUUID)) return false;
    return reply.data.some(
      (d) => d.taskUUID === taskUUID && (d.status === 'processing' || d.status === 'success'),
    );
  }

  /** Polls getResponse until `expected` images are done, the task fails, or the render timeout. */
  async function results(taskUUID: string, expected: number, deadline: number) {
    // the official client's cadence: a first look soon, then ×1.5 up to ten times the first wait
    let delay = pollMs;
    for (;;) {
      const reply = await poll(taskUUID);
      const err = reply.errors.find((e) => !e.taskUUID || e.taskUUID === taskUUID);
      if (err) throw taskError(err, 'The image provider could not render the picture');
      const done = reply.data.filter((d) => d.taskUUID === taskUUID && d.status === 'success' && d.imageURL);
      if (done.length >= expected) return done;
      if (Date.now() + delay > deadline) {
        throw new EngineError('The image provider did not finish in time', true, undefined, 'timeout');
      }
      await sleep(delay);
      delay = Math.min(delay * 1.5, pollMs * 10);
    }
  }

  async function fetchImages(items: InferenceResult[], req: RenderRequest, firstSeed: number) {
    const out: RenderedImage[] = [];
    for (const [i, r] of items.slice(0, req.count).entries()) {
      out.push({
        data: await download(r.imageURL!),
        isNsfw: r.NSFWContent === true,
        seed: r.seed ?? firstSeed + i,
        vendorId: r.imageUUID,
      });
    }
    return out;
  }

  return {
    name: 'runware',
    async render(req) {
      if (req.personalModel && !req.personalModel.airName) {
        throw new EngineError(
          'This model is not available for generation yet',
          false,
          undefined,
          'modelNotHosted',
        );
      }
      const deadline = Date.now() + renderTimeoutMs;
      // a render an earlier (crashed or timed-out) attempt started is paid for already: use it
      for (const prior of req.adoptable ?? []) {
        if (!(await known(prior.taskId))) continue;
        const items = await results(prior.taskId, prior.skip + req.count, deadline);
        return fetchImages(items.slice(prior.skip), req, req.seed);
      }
      const ack = await client.request<InferenceResult>([inferenceTask(req)], { timeoutMs });
      const refused = ack.errors.find((e) => !e.taskUUID || e.taskUUID === req.taskId);
      if (refused) throw taskError(refused, 'The image provider refused the request');
      return fetchImages(await results(req.taskId, req.count, deadline), req, req.seed);
    },
  };
}
