import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { createPaymentsService } from './payments.service';

const EVERY_MS = 5 * 60_000;
export const JOB_PAYMENTS_RECONCILE = 'payments.reconcile';

// One self-rescheduling chain per database (singleton key), like maintenance: a restart picks it up.
export function definePaymentsJobs(deps: AppDeps) {
  deps.queue.define({
    name: JOB_PAYMENTS_RECONCILE,
    schema: z.object({}),
    handler: async (_p, ctx) => {
      const payments = createPaymentsService(deps, deps.engines.payments);
      await payments.reconcile();
      return ctx.retryIn(EVERY_MS);
    },
  });
}

export async function schedulePaymentsReconcile(deps: AppDeps) {
  await deps.queue.enqueue(
    JOB_PAYMENTS_RECONCILE,
    {},
    { singletonKey: JOB_PAYMENTS_RECONCILE, delayMs: 60_000 },
  );
}
