import { sharp } from '../../lib/sharp';
import { addToColourBuckets, hexColour, type ColourBucket } from '../colour';
import type { Storage } from '../../storage/storage';
import { tqdmLine } from './tqdm';
import { type TrainingEngine, type TrainingJobInput, type TrainingPoll } from './training';
import { EngineError } from '../engine-error';
import { offlineArtifactKey, offlineCropKey } from '../../storage/keys';

export const OFFLINE_STEPS = 1000;
const PREFIX = 'flux_train_replicate';

export type OfflineArtifact = { version: 1; palette: string[]; crops: string[]; triggerWord: string };

/** 5–8 dominant colours over all photos: coarse histogram buckets, averaged, kept apart from each other. */
export async function dominantPalette(images: Buffer[]): Promise<string[]> {
  const buckets = new Map<number, ColourBucket>();
  for (const img of images) {
    const { data } = await sharp(img, { limitInputPixels: 50_000_000 })
      .resize(32, 32, { fit: 'cover' })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    // 3 bits per channel: coarse enough to pool many photos
    addToColourBuckets(buckets, data, 3);
  }
  const colours = [...buckets.values()]
    .sort((a, b) => b.n - a.n)
    .map((c) => [c.r / c.n, c.g / c.n, c.b / c.n] as const);
  const picked: (readonly [number, number, number])[] = [];
  for (const c of colours) {
    if (picked.length >= 8) break;
    if (picked.every((p) => Math.hypot(p[0] - c[0], p[1] - c[1], p[2] - c[2]) > 48)) picked.push(c);
  }
  // flat photo sets: add lighter/darker shades so the renderer always gets at least 5 colours
  for (let i = 0; picked.length < 5; i++) {
    const [r, g, b] = picked[i % picked.length] ?? [128, 128, 128];
    const f = i % 2 === 0 ? 1.35 + i * 0.1 : 0.6 - i * 0.05;
    picked.push([r * f, g * f, b * f]);
  }
  return picked.map(([r, g, b]) => hexColour(r, g, b));
}

/**
 * Builds the offline model artifact from the photos (the offline renderer reads this exact format).
 * Idempotent: the same keys are written again on a rerun.
 */
export async function buildOfflineArtifact(storage: Storage, input: TrainingJobInput): Promise<string> {
  const buffers: Buffer[] = [];
  for (const key of input.imageKeys) {
    const buf = await storage.getBuffer(key);
    if (buf) buffers.push(buf);
  }
  // storage answered "no such object" for every photo: retrying cannot help (as with Replicate's zip)
  if (buffers.length === 0) throw new EngineError('No training images found', false);
  const crops: string[] = [];
  for (const [i, buf] of buffers.slice(0, 4).entries()) {
    const crop = await sharp(buf, { limitInputPixels: 50_000_000 })
      .resize({ width: 256, height: 256, fit: 'cover', position: 'attention' })
      .webp({ quality: 85 })
      .toBuffer();
    const key = offlineCropKey(input.userId, input.modelId, i);
    await storage.put(key, crop, 'image/webp');
    crops.push(key);
  }
  const artifact: OfflineArtifact = {
    version: 1,
    palette: await dominantPalette(buffers),
    crops,
    triggerWord: input.triggerWord,
  };
  const key = offlineArtifactKey(input.userId, input.modelId);
  await storage.put(key, Buffer.from(JSON.stringify(artifact, null, 2)), 'application/json');
  return key;
}

/** Logs as the vendor would print them at `elapsedMs` into a run of `totalMs` (deterministic, restart-safe). */
export function offlineLogs(
  elapsedMs: number,
  totalMs: number,
  imageCount: number,
): { logs: string; step: number } {
  const lines = [
    'Downloading training images from input_images...',
    `Extracting ${imageCount} images`,
    'Loading base model black-forest-labs/FLUX.1-dev',
    `Captioning ${imageCount} images`,
  ];
  const ratio = totalMs <= 0 ? 1 : Math.max(0, Math.min(1, elapsedMs / totalMs));
  const step = Math.floor(ratio * OFFLINE_STEPS);
  const secPerStep = totalMs / 1000 / OFFLINE_STEPS;
  for (let s = 0; s <= step; s += 50) lines.push(tqdmLine(PREFIX, s, OFFLINE_STEPS, s * secPerStep));
  if (step % 50 !== 0) lines.push(tqdmLine(PREFIX, step, OFFLINE_STEPS, step * secPerStep));
  if (step >= OFFLINE_STEPS)
    lines.push('Saving LoRA weights to output/flux_train_replicate/lora.safetensors', 'Training complete');
  return { logs: `${lines.join('\n')}\n`, step };
}

export function createOfflineTrainer(opts: {
  storage: Storage;
  trainSeconds: number;
  now?: () => number;
}): TrainingEngine {
  const now = opts.now ?? Date.now;
  const totalMs = opts.trainSeconds * 1000;
  return {
    name: 'offline',
    pollMs: Math.max(250, Math.min(2000, totalMs / 20)),
    maxDurationMs: Math.max(3 * totalMs, 5 * 60_000),
    async start(input) {
      return { trainingId: `offline-${input.modelId.slice(0, 8)}-${input.attempt}` };
    },
    async poll(input): Promise<TrainingPoll> {
      const elapsed = now() - input.startedAt.getTime();
      const { logs, step } = offlineLogs(elapsed, totalMs, input.imageKeys.length);
      if (step < OFFLINE_STEPS) {
        return {
          status: step === 0 && elapsed < totalMs / 20 ? 'starting' : 'processing',
          logs,
          progress: Math.floor((step / OFFLINE_STEPS) * 100),
        };
      }
      const artifactKey = await buildOfflineArtifact(opts.storage, input);
      return { status: 'succeeded', logs, progress: 100, output: { artifactKey } };
    },
    async cancel() {
      // nothing runs outside this process: the pipeline stops polling
    },
    // the offline trainer's artifact and crops live under the user's storage prefix, nowhere else
    async removeCopies() {
      return { vendor: 'offline', removed: [] };
    },
  };
}
