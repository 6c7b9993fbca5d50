import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { baseModelListSchema } from '../../../shared/schemas/generation';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../http/session';
import { createBaseModelsService } from './base-models.service';

export async function baseModelsRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createBaseModelsService(opts.deps);
  r.get('/api/base-models', { schema: { response: { 200: baseModelListSchema } } }, async (request) => {
    requireUser(request);
    return service.listActive();
  });
}
