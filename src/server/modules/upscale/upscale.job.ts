import { sharp } from '../../lib/sharp';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { EngineError } from '../../engines/engine-error';
import { requestBudgetMs } from '../../engines/images/runware-tasks';
import { RENDER_REQUEST_TIMEOUT_MS } from '../../engines/images/images';
import { UPSCALE_TIMEOUT_MS } from '../../engines/images/upscale';
import type { JobContext } from '../../jobs/queue';
import { derivedUUID } from '../../lib/derived-uuid';
import { recordImage, storeImage } from '../generation';
import { applyLedgerEntry, ledgerEntryByKey } from '../tokens';
import { createUpscaleRepository } from './upscale.repository';

export const UPSCALE_JOB = 'upscale.render';
export const UPSCALE_MAX_ATTEMPTS = 4;
const payloadSchema = z.object({ upscaleId: z.uuid() });

/** Longer than one vendor upscale with its submit and last poll at their full retry budget. */
const UPSCALE_LEASE_MS = UPSCALE_TIMEOUT_MS + 2 * requestBudgetMs(RENDER_REQUEST_TIMEOUT_MS) + 60_000;

/** The vendor task of one attempt, and those earlier attempts may have left (newest first). */
export const upscaleTaskId = (upscaleId: string, attempt: number) =>
  derivedUUID(upscaleId, `task-${attempt}`);
/** The gallery image an upscale makes: derived, so a retried step writes the same row. */
export const upscaledImageId = (upscaleId: string) => derivedUUID(upscaleId, 'image');

const settled = (status: string) => status === 'succeeded' || status === 'failed';

/**
 * Fails an upscale once, refunding exactly what it charged (docs/product/decisions.md §24). Safe to
 * call again: the row lock, the settled status and the refund's idempotency key see to that.
 */
export async function failUpscale(deps: Pick<AppDeps, 'db'>, upscaleId: string, error: string) {
  await deps.db.transaction(async (tx) => {
    const repo = createUpscaleRepository(tx);
    const row = await repo.lockById(upscaleId);
    if (!row || settled(row.status)) return;
    const usage = await ledgerEntryByKey(tx, `upscale:${upscaleId}`);
    if (usage && row.tokenCost > 0) {
      await applyLedgerEntry(tx, {
        userId: row.userId,
        type: 'refund',
        amount: row.tokenCost,
        idempotencyKey: `upscale-refund:${upscaleId}`,
        description: `Refund for a failed ×${row.factor} upscale`,
        refType: 'upscale',
        refId: upscaleId,
        refundOf: usage.id,
      });
    }
    await repo.finish(upscaleId, { status: 'failed', error, resultImageId: null });
  });
}

/**
 * The upscale job, the generation job's shape (generation.job.ts): re-reads its row, upscales the
 * original, checks the result is exactly factor× the original, stores it as a new gallery image
 * linked to the original, and settles; a failure that retries cannot help refunds exactly.
 */
export function defineUpscaleJob(deps: AppDeps) {
  deps.queue.define({
    name: UPSCALE_JOB,
    schema: payloadSchema,
    maxAttempts: UPSCALE_MAX_ATTEMPTS,
    leaseMs: deps.engines.names.images === 'offline' ? 90_000 : UPSCALE_LEASE_MS,
    backoffMs: (attempt) => Math.min(30_000, 2000 * 2 ** (attempt - 1)),
    handler: async ({ upscaleId }, ctx: JobContext) => {
      const repo = createUpscaleRepository(deps.db);
      const row = await repo.byId(upscaleId);
      if (!row || settled(row.status)) return { kind: 'done' };
      const source = row.sourceImageId ? await repo.image(row.sourceImageId) : null;
      const original = source ? await deps.storage.getBuffer(source.storageKey) : null;
      if (!source || !original) {
        await failUpscale(deps, upscaleId, 'The original image no longer exists');
        return { kind: 'done' };
      }
      await repo.markRunning(upscaleId);
      const factor = row.factor as 2 | 4;
      const width = source.width * factor;
      const height = source.height * factor;
      try {
        const adoptable: string[] = [];
        for (let a = ctx.attempt - 1; a >= 1; a--) adoptable.push(upscaleTaskId(upscaleId, a));
        const data = await deps.engines.upscalerFor(row.engine).upscale({
          taskId: upscaleTaskId(upscaleId, ctx.attempt),
          adoptable,
          image: original,
          width: source.width,
          height: source.height,
          factor,
        });
        const meta = await sharp(data).metadata();
        // a vendor may round a side by a pixel or two; anything else is not this upscale
        if (
          !meta.width ||
          !meta.height ||
          Math.abs(meta.width - width) > 8 ||
          Math.abs(meta.height - height) > 8
        )
          throw new EngineError(
            `The upscaled image is ${meta.width}×${meta.height}, not ${width}×${height}`,
            false,
          );
        const imageId = upscaledImageId(upscaleId);
        const keys = await storeImage(deps, row.userId, imageId, data, source.isNsfw, { width, height });
        await deps.db.transaction(async (tx) => {
          const txRepo = createUpscaleRepository(tx);
          const locked = await txRepo.lockById(upscaleId);
          if (!locked || settled(locked.status)) return;
          await recordImage(tx, {
            id: imageId,
            userId: row.userId,
            modelId: source.modelId,
            baseModelId: source.baseModelId,
            styleId: source.styleId,
            prompt: source.prompt,
            negativePrompt: source.negativePrompt,
            width,
            height,
            seed: source.seed,
            loraStrength: source.loraStrength,
            likeness: source.likeness,
            tokensUsed: row.tokenCost,
            isNsfw: source.isNsfw,
            storageKey: keys.original,
            thumbKey: keys.thumb,
            upscaledFrom: source.id,
            createdAt: new Date(),
          });
          await txRepo.finish(upscaleId, { status: 'succeeded', error: null, resultImageId: imageId });
        });
      } catch (err) {
        const retryable = err instanceof EngineError ? err.retryable : true;
        if (retryable && ctx.attempt < UPSCALE_MAX_ATTEMPTS) throw err;
        deps.log.warn({ err, upscaleId }, 'upscale failed');
        await failUpscale(deps, upscaleId, err instanceof EngineError ? err.message : 'Upscaling failed');
      }
      return { kind: 'done' };
    },
    onFailed: async ({ upscaleId }, error) => {
      await failUpscale(deps, upscaleId, error);
    },
  });
}
