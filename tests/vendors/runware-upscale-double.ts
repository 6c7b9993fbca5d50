import sharp from 'sharp';
import { type Task, UPSCALE_MAX_SIDE, type taskChecks } from './runware-contract';

// The upscale task of the Runware double (runware-double.ts): the contract it holds our side to is in
// runware-contract.ts (`checkUpscale`, UPSCALE_*).

type Checks = ReturnType<typeof taskChecks>;

export function upscaleTasks(checks: Checks, renderMs: () => number) {
  /** accepted upscale tasks: the result's size, and when it was asked for */
  const upscales = new Map<string, { task: Task; width: number; height: number; createdAt: number }>();
  const item = (base: string, id: string, withStatus: boolean) => ({
    taskType: 'upscale',
    taskUUID: id,
    ...(withStatus ? { status: 'success' } : {}),
    imageUUID: `${id.slice(0, 24)}${'0'.repeat(12)}`,
    imageURL: `${base}/upscaled/${id}.jpg`,
  });

  async function submit(task: Task, base: string) {
    const { factor, data } = checks.checkUpscale(task);
    const meta = data
      ? await sharp(data)
          .metadata()
          .catch(() => null)
      : null;
    if (!meta?.width || !meta.height)
      checks.refuse(task, 'invalidInputImage', 'The input image could not be read.', 'inputImage');
    const width = meta!.width! * factor;
    const height = meta!.height! * factor;
    // Runware shrinks the input instead of refusing: the user would pay for less than was promised
    if (Math.max(width, height) > UPSCALE_MAX_SIDE)
      checks.violate({
        code: 'upscaleOverCap',
        message: `${width}×${height} is over ${UPSCALE_MAX_SIDE}×${UPSCALE_MAX_SIDE}`,
        taskType: 'upscale',
        taskUUID: String(task.taskUUID),
      });
    const id = String(task.taskUUID);
    upscales.set(id, { task, width, height, createdAt: Date.now() });
    if (task.deliveryMethod === 'async') return [{ taskType: 'upscale', taskUUID: id }];
    return [item(base, id, false)];
  }

  /** getResponse for an upscale's taskUUID, or null when the id is not an upscale */
  function response(id: string, base: string) {
    const up = upscales.get(id);
    if (!up) return null;
    return Date.now() - up.createdAt >= renderMs()
      ? [item(base, id, true)]
      : [{ taskType: 'upscale', taskUUID: id, status: 'processing' }];
  }

  /** the JPEG at an upscale's public URL (`/upscaled/<taskUUID>.jpg`), or null when unknown */
  async function image(url: string) {
    const up = upscales.get(url.slice('/upscaled/'.length).replace(/\.jpg$/, ''));
    if (!up) return null;
    return sharp({ create: { width: up.width, height: up.height, channels: 3, background: '#806040' } })
      .jpeg()
      .toBuffer();
  }

  return { upscales, submit, response, image };
}
