import { randomUUID } from 'node:crypto';
import { sharp } from '../../lib/sharp';
import type { RunwareClient } from '../runware-client';
import { imageStats } from './image-stats';
import type { VisionEngine } from './vision';
import { EngineError } from '../engine-error';

type CaptionResult = { taskType: string; taskUUID: string; text?: string; structuredData?: unknown };

export const CAPTION_MODEL = 'runware:150@2';

/**
 * Runware `caption` (its caption-image params: model, inputs.image; the caption models take no free
 * instruction); the picture goes inline as a data URI, never a public URL.
 */
export function createRunwareVisionEngine(
  client: RunwareClient,
  opts: { timeoutMs?: number } = {},
): VisionEngine {
  return {
    name: 'runware',
    async analyze(image) {
      // a bounded JPEG keeps the request small whatever the user uploaded
      const jpeg = await sharp(image)
        .rotate()
        .resize(1024, 1024, { fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 85 })
        .toBuffer();
      const data = await client.tasks<CaptionResult>(
        [
          {
            taskType: 'caption',
            taskUUID: randomUUID(),
            model: CAPTION_MODEL,
            inputs: { image: `data:image/jpeg;base64,${jpeg.toString('base64')}` },
          },
        ],
        { timeoutMs: opts.timeoutMs ?? Math.min(client.options.timeoutMs ?? 60_000, 60_000) },
      );
      const text = data.find((d) => d.taskType === 'caption')?.text?.trim();
      if (!text)
        throw new EngineError('The image provider returned no description', false, undefined, 'emptyCaption');
      const stats = await imageStats(image);
      return {
        structuredAnalysis: { ...stats, description: text, source: 'runware' },
        formattedPrompt: text,
      };
    },
  };
}
