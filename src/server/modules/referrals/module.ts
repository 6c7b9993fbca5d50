import type { ServerModule } from '../../http/server-module';
import { referralsRoutes } from './referrals.routes';

/** What `modules/referrals` adds to a process: the app composes every module from one list (server-modules.ts). */
export const referralsModule: ServerModule = {
  routes: async (app, ctx) => {
    await app.register(referralsRoutes, { deps: ctx.deps });
  },
};
