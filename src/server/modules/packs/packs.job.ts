import { z } from 'zod';
import type { AppDeps } from '../../deps';
import type { JobContext } from '../../jobs/queue';
import { derivedUUID } from '../../lib/derived-uuid';
import { generationLeaseMs, runGeneration, settleGeneration } from '../generation';
import { applyLedgerEntry, ledgerEntryByKey } from '../tokens';
import { noticePackFinished } from './pack-notices';
import { definePackSamplesJob } from './pack-samples';
import { createPacksRepository } from './packs.repository';

export const PACK_JOB = 'packs.run';
/**
 * One batch renders many prompts; a retryable failure of any of them retries the batch, which
 * resumes at the first prompt not settled yet. More attempts than a single generation's, so a pack
 * of 40 is not failed by a few passing vendor hiccups.
 */
export const PACK_MAX_ATTEMPTS = 8;
const payloadSchema = z.object({ batchId: z.uuid() });

/** The generation that renders prompt `i` of a batch: derived, so a resumed job finds the same rows. */
export function batchGenerationId(batchId: string, i: number) {
  return derivedUUID(batchId, 'pack-prompt', i);
}
export function batchGenerationIds(batchId: string, total: number) {
  return Array.from({ length: total }, (_, i) => batchGenerationId(batchId, i));
}

const SETTLED = new Set(['succeeded', 'partial', 'failed']);

/**
 * The refund of a batch (decision 038): what the failed images cost one by one, scaled by what was
 * actually charged — exactly the failed images' cost when the pack is priced as the sum, a
 * proportional share (rounded down) when it is discounted. Never more than charged.
 */
export function packRefund(charged: number, fullCost: number, failedCost: number) {
  if (failedCost <= 0 || fullCost <= 0 || charged <= 0) return 0;
  if (failedCost >= fullCost) return charged;
  return Math.floor((charged * failedCost) / fullCost);
}

async function progressOf(deps: Pick<AppDeps, 'db'>, batchId: string, total: number) {
  const states = await createPacksRepository(deps.db).generationStates(batchGenerationIds(batchId, total));
  return {
    states,
    done: states.filter((s) => SETTLED.has(s.status) && s.delivered > 0).length,
    failed: states.filter((s) => s.status === 'failed').length,
  };
}

/**
 * Settles a batch once: every prompt's generation settled, then one refund for the images that
 * failed and the batch's final counts. Safe to call again (the row lock and the refund's key).
 */
export async function settlePackBatch(deps: AppDeps, batchId: string, error: string | null) {
  const batch = await createPacksRepository(deps.db).batchById(batchId);
  if (!batch || SETTLED.has(batch.status)) return;
  // a prompt left unsettled (the job ran out of attempts) is failed now, so nothing renders it later
  const { states } = await progressOf(deps, batchId, batch.total);
  for (const s of states)
    if (!SETTLED.has(s.status))
      await settleGeneration(deps, s.id, error ?? 'The pack could not be completed');

  await deps.db.transaction(async (tx) => {
    const repo = createPacksRepository(tx);
    const locked = await repo.lockBatch(batchId);
    if (!locked || SETTLED.has(locked.status)) return;
    const rows = await repo.generationStates(batchGenerationIds(batchId, locked.total));
    const delivered = rows.filter((r) => r.delivered > 0);
    // a generation row that is missing (never recorded) counts as failed at the batch's average cost
    const failedCost =
      rows.filter((r) => r.delivered === 0).reduce((sum, r) => sum + r.costPerImage, 0) +
      (locked.total - rows.length) * Math.floor(locked.fullCost / Math.max(1, locked.total));
    const failed = locked.total - delivered.length;
    const refund = packRefund(locked.charged, locked.fullCost, failedCost);
    if (refund > 0) {
      const usage = await ledgerEntryByKey(tx, `pack:${batchId}`);
      if (usage) {
        await applyLedgerEntry(tx, {
          userId: locked.userId,
          type: 'refund',
          amount: refund,
          idempotencyKey: `pack-refund:${batchId}`,
          description: `Refund for ${failed} undelivered image(s) of the ${locked.packName} pack`,
          refType: 'pack_batch',
          refId: batchId,
          refundOf: usage.id,
        });
      }
    }
    const status = failed === 0 ? 'succeeded' : delivered.length > 0 ? 'partial' : 'failed';
    await repo.finishBatch(batchId, {
      status,
      done: delivered.length,
      failed,
      refunded: refund,
      error: failed === 0 ? null : (error ?? 'Some images could not be generated'),
    });
    await noticePackFinished(deps, tx, {
      ...locked,
      status,
      done: delivered.length,
      failed,
      refunded: refund,
    });
  });
}

/**
 * The batch job: runs each prompt's generation through the generation module's render path
 * (runGeneration) in order, skipping the ones already settled, so a restart neither renders a
 * finished image again nor charges again (the charge happened once, at purchase). Then settles.
 */
export function definePacksJobs(deps: AppDeps) {
  definePackSamplesJob(deps);
  deps.queue.define({
    name: PACK_JOB,
    schema: payloadSchema,
    maxAttempts: PACK_MAX_ATTEMPTS,
    // the heartbeat keeps extending it while prompts render; a dead worker's batch is taken back
    leaseMs: generationLeaseMs(deps),
    backoffMs: (attempt) => Math.min(30_000, 2000 * 2 ** (attempt - 1)),
    handler: async ({ batchId }, ctx: JobContext) => {
      const repo = createPacksRepository(deps.db);
      const batch = await repo.batchById(batchId);
      if (!batch || SETTLED.has(batch.status)) return { kind: 'done' };
      await repo.markRunning(batchId);
      for (let i = 0; i < batch.total; i++) {
        await runGeneration(deps, batchGenerationId(batchId, i), {
          attempt: ctx.attempt,
          maxAttempts: PACK_MAX_ATTEMPTS,
          packBatchId: batchId,
        });
        const p = await progressOf(deps, batchId, batch.total);
        await repo.setProgress(batchId, p.done, p.failed);
      }
      await settlePackBatch(deps, batchId, null);
      return { kind: 'done' };
    },
    onFailed: async ({ batchId }, error) => {
      await settlePackBatch(deps, batchId, error);
    },
  });
}
