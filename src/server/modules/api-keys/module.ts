import type { ServerModule } from '../../http/server-module';
import { apiDocsRoutes } from './api-docs.routes';
import { apiKeysRoutes } from './api-keys.routes';

/** What `modules/api-keys` adds to a process: the app composes every module from one list (server-modules.ts). */
export const apiKeysModule: ServerModule = {
  routes: async (app, ctx) => {
    await app.register(apiKeysRoutes, { deps: ctx.deps, reauthenticate: ctx.auth.reauthenticate });
    await app.register(apiDocsRoutes);
  },
};
