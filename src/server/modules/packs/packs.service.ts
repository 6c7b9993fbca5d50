import { randomUUID } from 'node:crypto';
import { packInsufficientTokensText } from '../../../shared/generation-texts';
import {
  PACK_TEXTS,
  type PackAlbum,
  type PackBatch,
  type PackSample,
  type PackSummary,
} from '../../../shared/schemas/packs';
import type { AppDeps } from '../../deps';
import { fileUrl } from '../../lib/file-url';
import { readPage } from '../../lib/paging';
import { AppError, conflict, insufficientTokens, notFound } from '../../lib/errors';
import { packBatchImages } from '../gallery';
import { createGenerationService, recordGeneration } from '../generation';
import { applyLedgerEntry } from '../tokens';
import type { UserRow } from '../users';
import { requestPackSamples } from './pack-samples';
import { batchGenerationId, PACK_JOB } from './packs.job';
import { chargeFor, packBaseModel, packPrice, promptSize } from './packs.pricing';
import { createPacksRepository, type PackBatchRow, type PackWithPrompts } from './packs.repository';

const PAGE_SIZE = 50;

/** A pack's sample pictures as served (public files), or null while they are not drawn yet. */
function samplesView(p: Pick<PackWithPrompts, 'samples'>): PackSample[] | null {
  return p.samples?.map((s) => ({ url: fileUrl(s.key)!, prompt: s.prompt, style: s.style })) ?? null;
}

/**
 * A pack shown before its samples exist (seeded, or from before they were drawn) asks for them once:
 * the drawing is a job, and the list that asked shows the pack's placeholder until it is done.
 */
export async function requestMissingSamples(deps: Pick<AppDeps, 'queue'>, list: PackWithPrompts[]) {
  const missing = list.filter((p) => p.samples === null);
  for (const p of missing) await requestPackSamples(deps, p.id);
  if (missing.length > 0) deps.queue.kick();
}

/** A pack as a user shops for it, priced on the base model packs render on; an admin's view adds to it. */
export function packSummary(p: PackWithPrompts, base: Parameters<typeof packPrice>[1]): PackSummary {
  const { full, price } = packPrice(p, base);
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    coverUrl: fileUrl(p.coverKey),
    samples: samplesView(p),
    promptCount: p.prompts.length,
    price,
    fullPrice: full,
  };
}

export function toBatchView(b: PackBatchRow): PackBatch {
  return {
    id: b.id,
    status: b.status,
    total: b.total,
    done: b.done,
    failed: b.failed,
    charged: b.charged,
    refunded: b.refunded,
    packId: b.packId,
    packName: b.packName,
    modelId: b.modelId,
    createdAt: b.createdAt.toISOString(),
  };
}

export function createPacksService(deps: AppDeps) {
  const repo = createPacksRepository(deps.db);
  const generation = createGenerationService(deps);

  async function baseModel() {
    return packBaseModel(await repo.activeBaseModels());
  }

  return {
    baseModel,

    async list(cursor: string | undefined) {
      const base = await baseModel();
      const page = await readPage((limit, c) => repo.list({ all: false, limit, cursor: c }), {
        limit: PAGE_SIZE,
        cursor,
        cursorOf: (p) => ({ ts: p.cursorTs, id: p.id }),
      });
      await requestMissingSamples(deps, page.items);
      return { packs: page.items.map((p) => packSummary(p, base)), nextCursor: page.nextCursor };
    },

    /**
     * One purchase: every prompt checked and priced as a single generation would be, then one
     * transaction debits the pack's price once, records the batch and its prompts' generations
     * and enqueues the one batch job.
     */
    async generate(user: UserRow, packId: string, modelId: string): Promise<PackBatch> {
      const pack = await repo.byId(packId);
      if (!pack || !pack.isActive) throw notFound(PACK_TEXTS.packNotFound);
      const base = await baseModel();
      if (!base) throw conflict('No base model is available for photo packs right now.', 'CONFLICT');
      const prepared: Awaited<ReturnType<typeof generation.prepare>>[] = [];
      for (const p of pack.prompts) {
        prepared.push(
          await generation.prepare(user, {
            prompt: p.prompt,
            baseModelId: base.id,
            modelId,
            styleId: p.styleId,
            count: 1,
            ...promptSize(p),
            hdEnabled: false,
            loraStrength: 1,
          }),
        );
      }
      const full = prepared.reduce((sum, p) => sum + p.perImage, 0);
      const total = chargeFor(pack, full);
      const batchId = randomUUID();
      try {
        const batch = await deps.db.transaction(async (tx) => {
          await applyLedgerEntry(tx, {
            userId: user.id,
            type: 'usage',
            amount: -total,
            idempotencyKey: `pack:${batchId}`,
            description: `Photo pack: ${pack.name} (${prepared.length} images)`,
            refType: 'pack_batch',
            refId: batchId,
          });
          const row = await createPacksRepository(tx).insertBatch({
            id: batchId,
            userId: user.id,
            modelId,
            packId: pack.id,
            packName: pack.name,
            status: 'pending',
            total: prepared.length,
            charged: total,
            fullCost: full,
          });
          for (const [i, p] of prepared.entries()) {
            await recordGeneration(tx, {
              id: batchGenerationId(batchId, i),
              userId: user.id,
              status: 'pending',
              request: p.request,
              count: 1,
              costPerImage: p.perImage,
              totalCost: p.perImage,
              engine: p.engine,
            });
          }
          await deps.queue.enqueue(PACK_JOB, { batchId }, { tx, singletonKey: `pack:${batchId}` });
          return row;
        });
        deps.queue.kick();
        return toBatchView(batch);
      } catch (err) {
        if (err instanceof AppError && err.code === 'INSUFFICIENT_TOKENS') {
          const balance = typeof err.extra?.balance === 'number' ? err.extra.balance : 0;
          throw insufficientTokens(packInsufficientTokensText(total, prepared.length, balance), {
            balance,
            required: total,
          });
        }
        throw err;
      }
    },

    async batch(user: UserRow, id: string) {
      const row = await repo.batchById(id);
      // someone else's batch does not exist for this user
      if (!row || row.userId !== user.id) throw notFound(PACK_TEXTS.batchNotFound);
      return toBatchView(row);
    },

    /** A finished (or running) pack's results page: its owner's only, anyone else's reads as missing. */
    async album(user: UserRow, id: string): Promise<PackAlbum> {
      const row = await repo.batchById(id);
      if (!row || row.userId !== user.id) throw notFound(PACK_TEXTS.albumNotFound);
      const images = await packBatchImages(deps.db, id, {
        id: user.id,
        isAdmin: user.isAdmin,
        enableNsfw: user.enableNsfw,
      });
      const styles = [...new Set(images.map((i) => i.styleName).filter((n): n is string => !!n))];
      return {
        batch: toBatchView(row),
        completedAt: row.completedAt?.toISOString() ?? null,
        styles,
        images,
      };
    },

    async batches(user: UserRow, cursor: string | undefined) {
      const page = await readPage((limit, c) => repo.batchesOf(user.id, limit, c), {
        limit: PAGE_SIZE,
        cursor,
        cursorOf: (b) => ({ ts: b.cursorTs, id: b.id }),
      });
      return { batches: page.items.map(toBatchView), nextCursor: page.nextCursor };
    },
  };
}

export type PacksService = ReturnType<typeof createPacksService>;
