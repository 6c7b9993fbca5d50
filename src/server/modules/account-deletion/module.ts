import type { ServerModule } from '../../http/server-module';
import { accountDeletionRoutes } from './account-deletion.routes';
import { defineAccountDeletionJobs } from './account-deletion.job';

/** What `modules/account-deletion` adds to a process: the app composes every module from one list (server-modules.ts). */
export const accountDeletionModule: ServerModule = {
  routes: async (app, ctx) => {
    await app.register(accountDeletionRoutes, { deps: ctx.deps, reauthenticate: ctx.auth.reauthenticate });
  },
  jobs: defineAccountDeletionJobs,
};
