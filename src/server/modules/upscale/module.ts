import type { ServerModule } from '../../http/server-module';
import { defineUpscaleJob } from './upscale.job';
import { upscaleRoutes } from './upscale.routes';

/** What `modules/upscale` adds to a process: the app composes every module from one list (server-modules.ts). */
export const upscaleModule: ServerModule = {
  routes: async (app, ctx) => {
    await app.register(upscaleRoutes, { deps: ctx.deps });
  },
  jobs: defineUpscaleJob,
};
