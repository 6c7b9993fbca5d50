import type { ServerModule } from '../../http/server-module';
import { twoFactorRoutes } from './two-factor.routes';

/** What `modules/two-factor` adds to a process: the app composes every module from one list (server-modules.ts). */
export const twoFactorModule: ServerModule = {
  routes: async (app, ctx) => {
    await app.register(twoFactorRoutes, { deps: ctx.deps, auth: ctx.auth });
  },
};
