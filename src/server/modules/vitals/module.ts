import type { ServerModule } from '../../http/server-module';
import { pruneWebVitals } from './vitals.service';
import { vitalsRoutes } from './vitals.routes';

/** What `modules/vitals` adds to a process: the app composes every module from one list (server-modules.ts). */
export const vitalsModule: ServerModule = {
  routes: async (app, ctx) => {
    await app.register(vitalsRoutes, { deps: ctx.deps, metrics: ctx.metrics });
  },
  sweeps: (deps) => [() => pruneWebVitals(deps.db, deps.config.vitals.retentionDays)],
};
