import type { ServerModule } from '../../http/server-module';
import { adminModelsRoutes } from './admin-models.routes';
import { modelsRoutes } from './models.routes';
import { registerTrainingJobs } from './pipeline.jobs';
import { trainingRoutes } from './training.routes';
import { webhooksRoutes } from './webhooks.routes';

/** What `modules/models` adds to a process: the app composes every module from one list (server-modules.ts). */
export const modelsModule: ServerModule = {
  routes: async (app, ctx) => {
    await app.register(modelsRoutes, { deps: ctx.deps });
    await app.register(trainingRoutes, { deps: ctx.deps });
    await app.register(adminModelsRoutes, { deps: ctx.deps });
    await app.register(webhooksRoutes, { deps: ctx.deps });
  },
  jobs: registerTrainingJobs,
};
