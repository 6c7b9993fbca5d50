import { randomUUID } from 'node:crypto';
import { MAX_UPSCALED_SIDE, type UpscaleFactor } from '../../../shared/constants';
import { UPSCALE_TEXTS, type UpscalePrices, type UpscaleResponse } from '../../../shared/schemas/images';
import type { AppDeps } from '../../deps';
import { AppError, insufficientTokens, notFound } from '../../lib/errors';
import { fileUrl } from '../../lib/file-url';
import { generatedImageKeys } from '../../storage/keys';
import { recordAdminChange, type AdminActor } from '../audit';
import { applyLedgerEntry, tokenBalance } from '../tokens';
import type { UserRow } from '../users';
import { UPSCALE_JOB } from './upscale.job';
import { createUpscaleRepository, type UpscaleRow } from './upscale.repository';

/** How long the HTTP request waits for its job before answering "still working" (202). */
export const UPSCALE_WAIT_MS = 60_000;

/** The size an upscale of `w`×`h` would have, or the refusal when it passes the product's and vendor's cap. */
export function upscaledSize(width: number, height: number, factor: UpscaleFactor) {
  if (Math.max(width, height) * factor > MAX_UPSCALED_SIDE)
    throw new AppError(400, 'UPSCALE_TOO_LARGE', UPSCALE_TEXTS.tooLarge(width, height, factor), {
      factor: UPSCALE_TEXTS.tooLarge(width, height, factor),
    });
  return { width: width * factor, height: height * factor };
}

export function createUpscaleService(deps: AppDeps) {
  const repo = createUpscaleRepository(deps.db);

  async function prices(): Promise<UpscalePrices> {
    const rows = await repo.prices();
    return { prices: rows.map((r) => ({ factor: r.factor, tokenCost: r.tokenCost })) };
  }

  async function answer(user: UserRow, row: UpscaleRow): Promise<UpscaleResponse> {
    const image = row.resultImageId ? await repo.image(row.resultImageId) : null;
    // NSFW rules as everywhere (decisions.md §23): with NSFW off the blurred picture
    const hidden = image?.isNsfw && !user.enableNsfw && !user.isAdmin;
    const keys = image ? generatedImageKeys(image.userId, image.id) : null;
    return {
      image:
        image && keys
          ? {
              id: image.id,
              width: image.width,
              height: image.height,
              imageUrl: fileUrl(hidden ? keys.blurred : image.storageKey)!,
              thumbnailUrl: fileUrl(hidden ? keys.blurred : (image.thumbKey ?? image.storageKey))!,
              upscaledFrom: image.upscaledFrom,
            }
          : null,
      upscale: { id: row.id, status: row.status, factor: row.factor, tokenCost: row.tokenCost },
      balance: await tokenBalance(deps.db, user.id),
    };
  }

  return {
    prices,

    /**
     * Charges the admin-set price in one ledger transaction with the upscale's row and its durable
     * job, waits a while for the job, and answers the new image (200), or the job still working (202).
     */
    async upscale(user: UserRow, imageId: string, factor: UpscaleFactor) {
      const source = await repo.ownedImage(imageId, user.id);
      if (!source) throw notFound('Image not found');
      upscaledSize(source.width, source.height, factor);
      const upscaleId = randomUUID();
      let jobId: string | null = null;
      let cost = 0;
      try {
        await deps.db.transaction(async (tx) => {
          const txRepo = createUpscaleRepository(tx);
          const price = await txRepo.price(factor);
          if (!price) throw notFound('This upscale is not offered');
          cost = price.tokenCost;
          if (cost > 0)
            await applyLedgerEntry(tx, {
              userId: user.id,
              type: 'usage',
              amount: -cost,
              idempotencyKey: `upscale:${upscaleId}`,
              description: `Upscale ×${factor}`,
              refType: 'upscale',
              refId: upscaleId,
            });
          await txRepo.insert({
            id: upscaleId,
            userId: user.id,
            sourceImageId: source.id,
            factor,
            tokenCost: cost,
            engine: deps.engines.upscaler.name,
          });
          jobId = await deps.queue.enqueue(
            UPSCALE_JOB,
            { upscaleId },
            { tx, singletonKey: `upscale:${upscaleId}` },
          );
        });
      } catch (err) {
        if (err instanceof AppError && err.code === 'INSUFFICIENT_TOKENS') {
          const balance = await tokenBalance(deps.db, user.id);
          throw insufficientTokens(UPSCALE_TEXTS.insufficient(cost, balance), { balance, required: cost });
        }
        throw err;
      }
      deps.queue.kick();
      if (jobId) await deps.queue.waitFor(jobId, UPSCALE_WAIT_MS);
      const row = (await repo.byId(upscaleId))!;
      if (row.status === 'failed')
        throw new AppError(502, 'UPSCALE_FAILED', UPSCALE_TEXTS.failed(row.tokenCost), undefined, {
          upscaleId: row.id,
          balance: await tokenBalance(deps.db, user.id),
        });
      return { status: row.status === 'succeeded' ? 200 : 202, body: await answer(user, row) };
    },

    /** Admin: the price of one factor, audited in the same transaction. */
    async setPrice(admin: AdminActor, factor: UpscaleFactor, tokenCost: number) {
      await deps.db.transaction(async (tx) => {
        const txRepo = createUpscaleRepository(tx);
        const before = await txRepo.lockPrice(factor);
        await txRepo.setPrice(factor, tokenCost);
        await recordAdminChange(
          tx,
          { admin, action: 'upscale_price.update', entity: { type: 'upscale_price', id: String(factor) } },
          { factor, tokenCost: before?.tokenCost ?? null },
          { factor, tokenCost },
        );
      });
      return prices();
    },
  };
}
