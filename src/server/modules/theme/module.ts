import type { ServerModule } from '../../http/server-module';
import { themeRoutes } from './theme.routes';

/** What `modules/theme` adds to a process: the app composes every module from one list (server-modules.ts). */
export const themeModule: ServerModule = {
  routes: async (app, ctx) => {
    await app.register(themeRoutes, { deps: ctx.deps, theme: ctx.theme });
  },
};
