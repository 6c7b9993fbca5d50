import { EngineError } from '../engine-error';
import type { RunwareClient } from '../runware-client';
import { RENDER_REQUEST_TIMEOUT_MS } from './images';
import { download, RUNWARE_RESULT_TTL_SECONDS, taskError, type RunwareReply } from './runware-tasks';
import { UPSCALE_TIMEOUT_MS, type UpscaleRequest, type Upscaler } from './upscale';

type UpscaleResult = {
  taskType: string;
  taskUUID: string;
  status?: string;
  imageUUID?: string;
  imageURL?: string;
};

/** SwinIR: of Runware's upscale models the one that does ×4 as well as ×2. */
export const RUNWARE_UPSCALE_MODEL = 'runware:503@1';

/**
 * Runware's `upscale` task (sdk-js Runware/types.ts IUpscaleGan, ETaskType.UPSCALE; the SDK's
 * `upscale()` sends `inputImage`, `upscaleFactor`, `outputType`, `outputFormat`, `outputQuality`,
 * `includeCost`, `deliveryMethod`). Our stored images are private, so the input goes as a data URI;
 * delivery is async so a task can be looked up by its taskUUID after a crash.
 */
export function upscaleTask(req: UpscaleRequest) {
  return {
    taskType: 'upscale',
    taskUUID: req.taskId,
    inputImage: `data:image/jpeg;base64,${req.image.toString('base64')}`,
    model: RUNWARE_UPSCALE_MODEL,
    upscaleFactor: req.factor,
    outputType: 'URL',
    ttl: RUNWARE_RESULT_TTL_SECONDS,
    outputFormat: 'JPG',
    outputQuality: 95,
    deliveryMethod: 'async',
  };
}

export function createRunwareUpscaler(
  client: RunwareClient,
  opts: { pollMs?: number; timeoutMs?: number; sleep?: (ms: number) => Promise<void> } = {},
): Upscaler {
  const pollMs = opts.pollMs ?? 1000;
  const timeoutMs = opts.timeoutMs ?? UPSCALE_TIMEOUT_MS;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const poll = (taskUUID: string): Promise<RunwareReply<UpscaleResult>> =>
    client.request<UpscaleResult>([{ taskType: 'getResponse', taskUUID }], {
      timeoutMs: RENDER_REQUEST_TIMEOUT_MS,
    });

  async function known(taskUUID: string) {
    const reply = await poll(taskUUID);
    if (reply.errors.some((e) => !e.taskUUID || e.taskUUID === taskUUID)) return false;
    return reply.data.some(
      (d) => d.taskUUID === taskUUID && (d.status === 'processing' || d.status === 'success'),
    );
  }

  async function result(taskUUID: string, deadline: number): Promise<Buffer> {
    let delay = pollMs;
    for (;;) {
      const reply = await poll(taskUUID);
      const err = reply.errors.find((e) => !e.taskUUID || e.taskUUID === taskUUID);
      if (err) throw taskError(err, 'The image provider could not upscale the picture');
      const done = reply.data.find((d) => d.taskUUID === taskUUID && d.status === 'success' && d.imageURL);
      if (done) return download(done.imageURL!);
      if (Date.now() + delay > deadline)
        throw new EngineError('The image provider did not finish in time', true, undefined, 'timeout');
      await sleep(delay);
      delay = Math.min(delay * 1.5, pollMs * 10);
    }
  }

  return {
    name: 'runware',
    async upscale(req) {
      const deadline = Date.now() + timeoutMs;
      // an upscale an earlier (crashed or timed-out) attempt started is paid for already: use it
      for (const prior of req.adoptable ?? []) if (await known(prior)) return result(prior, deadline);
      const ack = await client.request<UpscaleResult>([upscaleTask(req)], {
        timeoutMs: RENDER_REQUEST_TIMEOUT_MS,
      });
      const refused = ack.errors.find((e) => !e.taskUUID || e.taskUUID === req.taskId);
      if (refused) throw taskError(refused, 'The image provider refused the upscale');
      return result(req.taskId, deadline);
    },
  };
}
