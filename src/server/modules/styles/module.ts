import type { ServerModule } from '../../http/server-module';
import { defineStylesJobs } from './styles.jobs';
import { stylesRoutes } from './styles.routes';

/** What `modules/styles` adds to a process: the app composes every module from one list (server-modules.ts). */
export const stylesModule: ServerModule = {
  routes: async (app, ctx) => {
    await app.register(stylesRoutes, { deps: ctx.deps });
  },
  jobs: defineStylesJobs,
};
