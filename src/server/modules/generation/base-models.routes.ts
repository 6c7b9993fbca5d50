import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../http/session';
import { createBaseModelsRepository, toPublicBaseModel } from './base-models.repository';

export async function baseModelsRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const repo = createBaseModelsRepository(opts.deps.db);
  app.get('/api/base-models', async (request) => {
    requireUser(request);
    return (await repo.listActive()).map(toPublicBaseModel);
  });
}
