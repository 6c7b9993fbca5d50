import type { ServerModule } from '../../http/server-module';
import { definePaymentsJobs } from './payments.jobs';
import { paymentsRoutes } from './payments.routes';

/** What `modules/payments` adds to a process: the app composes every module from one list (server-modules.ts). */
export const paymentsModule: ServerModule = {
  routes: async (app, ctx) => {
    await app.register(paymentsRoutes, { deps: ctx.deps });
  },
  jobs: definePaymentsJobs,
};
