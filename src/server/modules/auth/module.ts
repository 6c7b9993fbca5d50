import type { ServerModule } from '../../http/server-module';
import { authRoutes } from './auth.routes';
import { defineAuthJobs } from './auth.jobs';
import { deleteExpiredSessions } from './session-ends';

/** What `modules/auth` adds to a process: the app composes every module from one list (server-modules.ts). */
export const authModule: ServerModule = {
  routes: async (app, ctx) => {
    await app.register(authRoutes, {
      deps: ctx.deps,
      auth: ctx.auth,
      beginSecondStep: (user) => ctx.twoFactor.beginSecondStep(user),
    });
  },
  jobs: defineAuthJobs,
  sweeps: (deps) => [() => deleteExpiredSessions(deps.db)],
};
