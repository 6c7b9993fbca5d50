import type { ServerModule } from '../../http/server-module';
import { usersRoutes } from './users.routes';

/** What `modules/users` adds to a process: the app composes every module from one list (server-modules.ts). */
export const usersModule: ServerModule = {
  routes: async (app, ctx) => {
    await app.register(usersRoutes, {
      deps: ctx.deps,
      emailChange: { reauthenticate: ctx.auth.authorizeEmailChange, onEmailChanged: ctx.auth.emailChanged },
    });
  },
};
