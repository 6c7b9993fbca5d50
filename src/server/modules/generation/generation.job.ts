import { sharp } from '../../lib/sharp';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { requestBudgetMs } from '../../engines/images/runware-tasks';
import {
  RENDER_REQUEST_TIMEOUT_MS,
  RENDER_TIMEOUT_MS,
  type ModelArtifact,
  type RenderRequest,
} from '../../engines/images/images';
import type { JobContext } from '../../jobs/queue';
import { applyLedgerEntry, ledgerEntryByKey } from '../tokens';
import { derivedUUID } from '../../lib/derived-uuid';
import { generationRequestSchema, type GenerationRequest } from './generation-request';
import { createGenerationRepository, type NewGeneratedImage } from './generation.repository';
import { EngineError } from '../../engines/engine-error';
import { generatedImageKeys } from '../../storage/keys';
import { enqueueLikeness, modelBestFaceCrop } from '../likeness';

export const GENERATION_JOB = 'generation.render';
export const GENERATION_MAX_ATTEMPTS = 4;
const payloadSchema = z.object({ generationId: z.uuid() });

const THUMB_SIZE = 400;

/**
 * Longer than the render call: its polling window, plus the submit and the last poll each at their
 * full retry budget, plus a minute of copying. (Should copying outlast it, the next worker adopts
 * the finished task instead of rendering again.)
 */
export const GENERATION_LEASE_MS =
  RENDER_TIMEOUT_MS + 2 * requestBudgetMs(RENDER_REQUEST_TIMEOUT_MS) + 60_000;

/** A render job's lease; offline renders take a second, so a crashed worker's job is picked up sooner. */
export function generationLeaseMs(deps: Pick<AppDeps, 'engines'>) {
  return deps.engines.names.images === 'offline' ? 90_000 : GENERATION_LEASE_MS;
}

/** The vendor task of one render call: one per (generation, first undelivered image, attempt). */
export function vendorTaskId(generationId: string, offset: number, attempt: number) {
  return derivedUUID(generationId, `task-${offset}-${attempt}`);
}

/**
 * The tasks earlier attempts may have left at the vendor for the images still missing (a worker that
 * died mid-render, a render that outlived its timeout): newest first, each with how many of its
 * images are stored already.
 */
export function adoptableTasks(generationId: string, delivered: number, attempt: number) {
  const out: { taskId: string; skip: number }[] = [];
  for (let a = attempt - 1; a >= 1; a--) {
    for (let offset = delivered; offset >= 0; offset--)
      out.push({ taskId: vendorTaskId(generationId, offset, a), skip: delivered - offset });
  }
  return out;
}

/** Reads the offline trainer's artifact (palette + crops) so the renderer can draw the person. */
async function loadArtifact(
  deps: Pick<AppDeps, 'storage' | 'log'>,
  key: string | null,
): Promise<ModelArtifact | null> {
  if (!key) return null;
  try {
    const raw = await deps.storage.getBuffer(key);
    if (!raw) return null;
    const json = JSON.parse(raw.toString('utf8')) as {
      palette?: unknown;
      crops?: unknown;
      triggerWord?: unknown;
    };
    const palette = Array.isArray(json.palette)
      ? json.palette.filter((c): c is string => typeof c === 'string').slice(0, 8)
      : [];
    const cropKeys = Array.isArray(json.crops)
      ? json.crops.filter((c): c is string => typeof c === 'string').slice(0, 4)
      : [];
    const crops = (
      await Promise.all(cropKeys.map((k) => deps.storage.getBuffer(k).catch(() => null)))
    ).filter((b): b is Buffer => b !== null);
    return {
      version: 1,
      palette,
      crops,
      triggerWord: typeof json.triggerWord === 'string' ? json.triggerWord : '',
    };
  } catch (err) {
    deps.log.warn({ err, key }, 'could not read model artifact');
    return null;
  }
}

/**
 * The personal model's best face for the offline renderer (decision 022). Face analysis that fails
 * (or is switched off) leaves the renderer its artifact crops: a picture is still delivered.
 */
async function bestFace(deps: AppDeps, modelId: string): Promise<Buffer | null> {
  try {
    return await modelBestFaceCrop(deps, modelId);
  } catch (err) {
    deps.log.warn({ err, modelId }, 'no best face crop for the offline render');
    return null;
  }
}

function renderRequest(
  req: GenerationRequest,
  artifact: ModelArtifact | null,
  taskId: string,
  count: number,
  seed: number,
  adoptable: RenderRequest['adoptable'],
): RenderRequest {
  return {
    taskId,
    adoptable,
    prompt: req.prompt,
    negativePrompt: req.negativePrompt,
    width: req.width,
    height: req.height,
    count,
    seed,
    baseModel: req.baseModel,
    style: req.style,
    personalModel: req.model
      ? {
          id: req.model.id,
          name: req.model.name,
          triggerWord: req.model.triggerWord,
          promptModifier: req.model.promptModifier,
          airName: req.model.airName,
          weight: req.loraStrength,
          artifact,
        }
      : null,
  };
}

/** Re-encodes whatever the engine delivered into our three files: JPEG original, WebP thumb, blurred WebP. */
export async function storeImage(
  deps: Pick<AppDeps, 'storage'>,
  userId: string,
  imageId: string,
  data: Buffer,
  isNsfw: boolean,
  size: { width: number; height: number },
) {
  const keys = generatedImageKeys(userId, imageId);
  const meta = await sharp(data).metadata();
  const exact = meta.format === 'jpeg' && meta.width === size.width && meta.height === size.height;
  // vendors can be off by a few pixels; the gallery promises the requested size
  const original = exact
    ? data
    : await sharp(data)
        .rotate()
        .resize(size.width, size.height, { fit: 'cover' })
        .jpeg({ quality: 90 })
        .toBuffer();
  const thumb = await sharp(original)
    .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside' })
    .webp({ quality: 72 })
    .toBuffer();
  await deps.storage.put(keys.original, original, 'image/jpeg');
  await deps.storage.put(keys.thumb, thumb, 'image/webp');
  if (isNsfw) {
    const blurred = await sharp(original)
      .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside' })
      .blur(24)
      .webp({ quality: 60 })
      .toBuffer();
    await deps.storage.put(keys.blurred, blurred, 'image/webp');
  }
  return keys;
}

/**
 * The row of an image `storeImage` stored (a generation's, or an upscale's): idempotent, since its id is
 * derived from the work that drew it and a resumed job inserts nothing twice.
 */
export async function recordImage(db: DbOrTx, row: NewGeneratedImage) {
  await createGenerationRepository(db).insertImage(row);
}

/**
 * Settles a generation once: the status, and a refund of every image that was not delivered
 * (docs/product/decisions.md §24). Safe to call again; the row lock and the refund's idempotency key see to that.
 */
export async function settleGeneration(
  deps: Pick<AppDeps, 'db'>,
  generationId: string,
  error: string | null,
) {
  await deps.db.transaction(async (tx) => {
    const repo = createGenerationRepository(tx);
    const gen = await repo.lockById(generationId);
    if (!gen || gen.status === 'succeeded' || gen.status === 'partial' || gen.status === 'failed') return;
    const delivered = Math.min(gen.count, await repo.deliveredCount(generationId));
    const missing = gen.count - delivered;
    if (missing > 0) {
      const usage = await ledgerEntryByKey(tx, `generation:${generationId}`);
      if (usage) {
        await applyLedgerEntry(tx, {
          userId: gen.userId,
          type: 'refund',
          amount: missing * gen.costPerImage,
          idempotencyKey: `generation-refund:${generationId}`,
          description: `Refund for ${missing} undelivered image(s)`,
          refType: 'generation',
          refId: generationId,
          refundOf: usage.id,
        });
      }
    }
    await repo.finish(generationId, {
      status: missing === 0 ? 'succeeded' : delivered > 0 ? 'partial' : 'failed',
      delivered,
      error: missing === 0 ? null : (error ?? 'Some images could not be generated'),
    });
  });
}

/**
 * Renders the images of one generation that are not stored yet, copies them into our storage, then
 * settles it (refunding the rest). Throws a retryable failure while attempts remain (the caller's job
 * retries); on the last attempt it settles instead. The render job runs it for a single generation,
 * the photo-pack job for each prompt of a batch (modules/packs), so both share one engine path.
 */
export async function runGeneration(
  deps: AppDeps,
  generationId: string,
  run: { attempt: number; maxAttempts: number; packBatchId?: string | null },
): Promise<void> {
  const repo = createGenerationRepository(deps.db);
  const gen = await repo.byId(generationId);
  if (!gen || gen.status === 'succeeded' || gen.status === 'partial' || gen.status === 'failed') return;
  const parsed = generationRequestSchema.safeParse(gen.request);
  if (!parsed.success) {
    await settleGeneration(deps, generationId, 'The generation request could not be read');
    return;
  }
  const req = parsed.data;
  await repo.markRunning(generationId);
  const engine = deps.engines.imagesFor(gen.engine);
  const artifact =
    engine.name === 'offline' && req.model ? await loadArtifact(deps, req.model.artifactKey) : null;
  if (artifact && req.model) artifact.bestFace = await bestFace(deps, req.model.id);

  let delivered = await repo.deliveredCount(generationId);
  try {
    while (delivered < gen.count) {
      // offline renders one at a time so progress is stored as it goes; a vendor gets one task
      const want = engine.name === 'offline' ? 1 : gen.count - delivered;
      const taskId = vendorTaskId(generationId, delivered, run.attempt);
      const images = await engine.render(
        renderRequest(
          req,
          artifact,
          taskId,
          want,
          (req.seed + delivered) % 2_147_483_648,
          adoptableTasks(generationId, delivered, run.attempt),
        ),
      );
      if (images.length === 0) break;
      for (const img of images.slice(0, gen.count - delivered)) {
        const imageId = derivedUUID(generationId, delivered);
        const keys = await storeImage(deps, gen.userId, imageId, img.data, img.isNsfw, req);
        await repo.insertImage({
          id: imageId,
          userId: gen.userId,
          generationId,
          packBatchId: run.packBatchId ?? null,
          modelId: req.model?.id ?? null,
          baseModelId: req.baseModel.id,
          styleId: req.style?.id ?? null,
          prompt: req.prompt,
          negativePrompt: req.negativePrompt,
          width: req.width,
          height: req.height,
          seed: img.seed,
          loraStrength: req.model ? req.loraStrength : null,
          tokensUsed: gen.costPerImage,
          isNsfw: img.isNsfw,
          storageKey: keys.original,
          thumbKey: keys.thumb,
          runwareTaskId: engine.name === 'runware' ? taskId : null,
          // millisecond precision: the gallery's keyset cursor compares (created_at, id) exactly
          createdAt: new Date(),
        });
        // LoRA weight 0 cannot show the person: no score to compute (decision 022)
        if (req.model && req.loraStrength > 0) await enqueueLikeness(deps, imageId);
        delivered++;
      }
      if (images.length < want) break;
    }
  } catch (err) {
    // engine errors say whether a retry can help; anything else (storage, database) is assumed transient
    const retryable = err instanceof EngineError ? err.retryable : true;
    if (retryable && run.attempt < run.maxAttempts) throw err;
    deps.log.warn({ err, generationId }, 'generation failed');
    await settleGeneration(
      deps,
      generationId,
      err instanceof EngineError ? err.message : 'Image generation failed',
    );
    return;
  }
  await settleGeneration(
    deps,
    generationId,
    delivered < gen.count ? 'The image provider delivered fewer images than requested' : null,
  );
}

/**
 * The render job: short, idempotent, restart-safe. It re-reads the generation, renders only the
 * images that are not stored yet, copies them into our storage, then settles (refunding the rest).
 * The HTTP request waits for it, but does not own it: a closed browser still gets its images.
 */
export function defineGenerationJob(deps: AppDeps) {
  deps.queue.define({
    name: GENERATION_JOB,
    schema: payloadSchema,
    maxAttempts: GENERATION_MAX_ATTEMPTS,
    // longer than the render it guards (and the copies after it): a slow render is never taken over
    // and started (and billed) a second time while the first worker still waits for it. Offline
    // renders take a second: a crashed worker's job is picked up sooner.
    leaseMs: generationLeaseMs(deps),
    backoffMs: (attempt) => Math.min(30_000, 2000 * 2 ** (attempt - 1)),
    handler: async ({ generationId }, ctx: JobContext) => {
      await runGeneration(deps, generationId, { attempt: ctx.attempt, maxAttempts: GENERATION_MAX_ATTEMPTS });
      return { kind: 'done' };
    },
    onFailed: async ({ generationId }, error) => {
      await settleGeneration(deps, generationId, error);
    },
  });
}
