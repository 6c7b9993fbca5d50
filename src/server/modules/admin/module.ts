import type { ServerModule } from '../../http/server-module';
import { adminRoutes } from './admin.routes';
import { outboxRoutes } from './outbox.routes';

/** What `modules/admin` adds to a process: the app composes every module from one list (server-modules.ts). */
export const adminModule: ServerModule = {
  routes: async (app, ctx) => {
    await app.register(outboxRoutes, { deps: ctx.deps });
    await app.register(adminRoutes, { deps: ctx.deps });
  },
};
