import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { SWEEP_AGAIN_MS } from '../../jobs/storage-cleanup';

export const JOB_REMOVE_HOSTED = 'models.remove-hosted-copy';

const payloadSchema = z.object({
  modelId: z.uuid(),
  hostingProvider: z.string().max(40),
  air: z.string().max(500).nullable(),
  sweepAgainMs: z.number().int().positive().optional(),
});

/**
 * A deleted model's copy on its host goes by a durable job enqueued with the row's deletion: the
 * LoRA file a self-hosted engine (ComfyUI) loads from its folder. A hosting job that was placing
 * the file as the model was deleted may finish after the first pass; a second one later collects it.
 */
export function defineHostedCopyJob(deps: AppDeps) {
  deps.queue.define({
    name: JOB_REMOVE_HOSTED,
    schema: payloadSchema,
    maxAttempts: 20,
    handler: async ({ modelId, hostingProvider, air, sweepAgainMs }) => {
      const host = deps.engines.hostFor({ weightsKey: null, hostingProvider });
      const removal = await host.removeModel({ air, modelId });
      if (sweepAgainMs)
        await deps.queue.enqueue(
          JOB_REMOVE_HOSTED,
          { modelId, hostingProvider, air },
          { delayMs: sweepAgainMs },
        );
      return { kind: 'done', result: removal };
    },
  });
}

/** Enqueues the removal in `tx` for a model whose host keeps a copy this server can delete. */
export function removeHostedCopy(
  deps: Pick<AppDeps, 'queue'>,
  tx: DbOrTx,
  m: { id: string; hostingProvider: string | null; runwareAirName: string | null },
) {
  if (m.hostingProvider !== 'comfyui') return Promise.resolve(null);
  return deps.queue.enqueue(
    JOB_REMOVE_HOSTED,
    {
      modelId: m.id,
      hostingProvider: m.hostingProvider,
      air: m.runwareAirName,
      sweepAgainMs: SWEEP_AGAIN_MS,
    },
    { tx },
  );
}
