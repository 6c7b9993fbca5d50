import type { FastifyInstance } from 'fastify';
import { generationContract } from '../../../shared/api/all';
import { route } from '../../http/route';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../http/session';
import { createBaseModelsService } from './base-models.service';

export async function baseModelsRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const service = createBaseModelsService(opts.deps);
  route(app, generationContract.baseModels, async (request) => {
    requireUser(request);
    return service.listActive();
  });
}
