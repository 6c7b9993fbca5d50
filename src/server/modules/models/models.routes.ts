import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../shared/schemas/common';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../http/session';
import { notFound } from '../../lib/errors';
import { toPublicModel } from './model-view';
import { createModelsRepository } from './models.repository';

export async function modelsRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = createModelsRepository(opts.deps.db);

  r.get('/api/models', async (request) => {
    const user = requireUser(request);
    const rows = await repo.listByUser(user.id);
    return rows.map((m) => toPublicModel(m));
  });

  r.get('/api/models/:id', { schema: { params: idParamsSchema } }, async (request) => {
    const user = requireUser(request);
    const model = await repo.byId(request.params.id);
    // DECISIONS 1: someone else's model reads as 404
    if (!model || (model.userId !== user.id && !user.isAdmin)) throw notFound('Model not found');
    return toPublicModel(model, await repo.images(model.id));
  });
}
