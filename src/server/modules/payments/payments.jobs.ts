import type { AppDeps } from '../../deps';
import { defineChain, startChain } from '../../jobs/chain';
import { createPaymentsService } from './payments.service';

const EVERY_MS = 5 * 60_000;
export const JOB_PAYMENTS_RECONCILE = 'payments.reconcile';

// A chain (jobs/chain.ts), like maintenance: one per database, and a restart picks it up.
export function definePaymentsJobs(deps: AppDeps) {
  defineChain(deps.queue, {
    name: JOB_PAYMENTS_RECONCILE,
    run: async (ctx) => {
      const payments = createPaymentsService(deps, deps.engines.payments);
      await payments.reconcile();
      return ctx.retryIn(EVERY_MS);
    },
  });
}

export async function schedulePaymentsReconcile(deps: AppDeps) {
  await startChain(deps.queue, JOB_PAYMENTS_RECONCILE, 60_000);
}
