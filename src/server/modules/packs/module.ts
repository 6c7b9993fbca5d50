import type { ServerModule } from '../../http/server-module';
import { definePacksJobs } from './packs.job';
import { packsRoutes } from './packs.routes';

/** What `modules/packs` adds to a process: the app composes every module from one list (server-modules.ts). */
export const packsModule: ServerModule = {
  routes: async (app, ctx) => {
    await app.register(packsRoutes, { deps: ctx.deps });
  },
  jobs: definePacksJobs,
};
