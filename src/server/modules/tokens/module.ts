import type { ServerModule } from '../../http/server-module';
import { adminTokensRoutes } from './admin-tokens.routes';
import { tokensRoutes } from './tokens.routes';

/** What `modules/tokens` adds to a process: the app composes every module from one list (server-modules.ts). */
export const tokensModule: ServerModule = {
  routes: async (app, ctx) => {
    await app.register(tokensRoutes, { deps: ctx.deps });
    await app.register(adminTokensRoutes, { deps: ctx.deps });
  },
};
