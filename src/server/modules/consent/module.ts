import type { ServerModule } from '../../http/server-module';
import { consentRoutes } from './consent.routes';
import { defineConsentJobs } from './consent.job';

/** What `modules/consent` adds to a process: the app composes every module from one list (server-modules.ts). */
export const consentModule: ServerModule = {
  routes: async (app, ctx) => {
    await app.register(consentRoutes, { deps: ctx.deps });
  },
  jobs: defineConsentJobs,
};
