import type { ServerModule } from '../../http/server-module';
import { systemRoutes } from './system.routes';

/** What `modules/system` adds to a process: the app composes every module from one list (server-modules.ts). */
export const systemModule: ServerModule = {
  routes: async (app, ctx) => {
    await app.register(systemRoutes, { deps: ctx.deps, metrics: ctx.metrics });
  },
};
