import type { ServerModule } from '../../http/server-module';
import { defineNotificationJobs } from './notifications.job';
import { notificationsRoutes } from './notifications.routes';

/** What `modules/notifications` adds to a process: the app composes every module from one list (server-modules.ts). */
export const notificationsModule: ServerModule = {
  routes: async (app, ctx) => {
    await app.register(notificationsRoutes, { deps: ctx.deps });
  },
  jobs: defineNotificationJobs,
};
