import { randomUUID } from 'node:crypto';
import { composePrompt, type ImageEngine, type RenderedImage, type RenderRequest } from './images';
import type { RunwareClient } from '../runware-client';
import { download } from './runware-tasks';
import { EngineError } from '../engine-error';

type InferenceResult = {
  taskType: string;
  taskUUID: string;
  imageUUID?: string;
  imageURL?: string;
  seed?: number;
  NSFWContent?: boolean;
};

/** The imageInference task for one generation (providers.md B.2). */
export function inferenceTask(req: RenderRequest) {
  const lora: { model: string; weight: number }[] = [];
  if (req.personalModel?.airName) lora.push({ model: req.personalModel.airName, weight: req.personalModel.weight });
  for (const l of req.style?.loras ?? []) if (l.id) lora.push({ model: l.id, weight: Number(l.weight) });
  const negative = [req.negativePrompt, req.style?.negativePrompt ?? ''].map((s) => s.trim()).filter(Boolean).join(', ');
  return {
    taskType: 'imageInference',
    taskUUID: req.taskId,
    model: req.baseModel.air,
    positivePrompt: composePrompt(req),
    ...(negative.length >= 2 ? { negativePrompt: negative.slice(0, 3000) } : {}),
    width: req.width,
    height: req.height,
    numberResults: req.count,
    // Runware seeds start at 1
    seed: Math.max(1, req.seed),
    outputType: 'URL',
    outputFormat: 'JPG',
    checkNSFW: true,
    ...(lora.length > 0 ? { lora } : {}),
  };
}

export function createRunwareImageEngine(client: RunwareClient): ImageEngine {
  return {
    name: 'runware',
    async render(req) {
      if (req.personalModel && !req.personalModel.airName) {
        throw new EngineError('This model is not available for generation yet', false, undefined, 'modelNotHosted');
      }
      const data = await client.tasks<InferenceResult>([inferenceTask({ ...req, taskId: req.taskId || randomUUID() })]);
      const results = data.filter((d) => d.taskType === 'imageInference' && d.imageURL);
      const out: RenderedImage[] = [];
      for (const [i, r] of results.slice(0, req.count).entries()) {
        out.push({ data: await download(r.imageURL!), isNsfw: r.NSFWContent === true, seed: r.seed ?? req.seed + i, vendorId: r.imageUUID });
      }
      return out;
    },
  };
}
