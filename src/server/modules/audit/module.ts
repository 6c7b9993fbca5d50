import type { ServerModule } from '../../http/server-module';
import { auditRoutes } from './audit.routes';
import { defineAuditJobs } from './audit.jobs';

/** What `modules/audit` adds to a process: the app composes every module from one list (server-modules.ts). */
export const auditModule: ServerModule = {
  routes: async (app, ctx) => {
    await app.register(auditRoutes, { deps: ctx.deps });
  },
  jobs: defineAuditJobs,
};
