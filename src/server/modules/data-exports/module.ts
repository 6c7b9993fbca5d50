import type { ServerModule } from '../../http/server-module';
import { dataExportsRoutes } from './data-exports.routes';
import { defineDataExportJobs } from './data-exports.job';

/** What `modules/data-exports` adds to a process: the app composes every module from one list (server-modules.ts). */
export const dataExportsModule: ServerModule = {
  routes: async (app, ctx) => {
    await app.register(dataExportsRoutes, { deps: ctx.deps });
  },
  jobs: defineDataExportJobs,
};
