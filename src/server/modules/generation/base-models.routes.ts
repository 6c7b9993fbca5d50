import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../http/session';
import { createBaseModelsService } from './base-models.service';

export async function baseModelsRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const service = createBaseModelsService(opts.deps);
  app.get('/api/base-models', async (request) => {
    requireUser(request);
    return service.listActive();
  });
}
