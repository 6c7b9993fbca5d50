import type { ServerModule } from '../../http/server-module';
import { defineRetentionJob } from './retention.job';
import { retentionRoutes } from './retention.routes';

/** What `modules/retention` adds to a process: the app composes every module from one list (server-modules.ts). */
export const retentionModule: ServerModule = {
  routes: async (app, ctx) => {
    await app.register(retentionRoutes, { deps: ctx.deps });
  },
  jobs: defineRetentionJob,
};
