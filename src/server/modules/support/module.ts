import type { ServerModule } from '../../http/server-module';
import { supportRoutes } from './support.routes';

/** What `modules/support` adds to a process: the app composes every module from one list (server-modules.ts). */
export const supportModule: ServerModule = {
  routes: async (app, ctx) => {
    await app.register(supportRoutes, { deps: ctx.deps });
  },
};
