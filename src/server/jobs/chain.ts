import { z } from 'zod';
import type { JobPayloads } from './job-payloads';
import type { JobContext, JobDefinition, JobOutcome, Queue } from './queue';

/** The jobs that carry no payload: each is a chain (below). */
type ChainName = {
  [N in keyof JobPayloads]: JobPayloads[N] extends Record<string, never> ? N : never;
}[keyof JobPayloads];

/**
 * A chain: one queued job per database, its name as its singleton key, that does its turn and
 * reschedules itself (`ctx.retryIn`) — so however many instances start it, one turn runs at a time,
 * and a restart picks the chain up. `run` returns what the handler would.
 */
export function defineChain(
  queue: Queue,
  def: Omit<JobDefinition<Record<string, never>, ChainName>, 'schema' | 'handler'> & {
    run: (ctx: JobContext) => Promise<JobOutcome>;
  },
) {
  const { run, ...rest } = def;
  queue.define({ ...rest, schema: z.object({}), handler: (_p, ctx) => run(ctx) });
}

/** Starts a chain after `delayMs` (nothing when it is already queued or running). */
export async function startChain(queue: Queue, name: ChainName, delayMs: number) {
  await queue.enqueue(name, {}, { singletonKey: name, delayMs });
}
