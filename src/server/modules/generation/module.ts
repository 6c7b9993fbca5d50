import type { ServerModule } from '../../http/server-module';
import { baseModelsRoutes } from './base-models.routes';
import { defineGenerationJob } from './generation.job';
import { generationRoutes } from './generation.routes';

/** What `modules/generation` adds to a process: the app composes every module from one list (server-modules.ts). */
export const generationModule: ServerModule = {
  routes: async (app, ctx) => {
    await app.register(baseModelsRoutes, { deps: ctx.deps });
    await app.register(generationRoutes, { deps: ctx.deps });
  },
  jobs: defineGenerationJob,
};
