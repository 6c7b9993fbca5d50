import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../shared/schemas/common';
import { createModelSchema, promptModifierSchema } from '../../../shared/schemas/models';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../http/session';
import { notFound } from '../../lib/errors';
import { createTrainingService } from './training.service';
import { toPublicModel } from './model-view';
import { createModelsRepository } from './models.repository';
import { createModelsService } from './models.service';

export async function modelsRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = createModelsRepository(opts.deps.db);
  const service = createModelsService(opts.deps);
  const training = createTrainingService(opts.deps);

  r.get('/api/models', async (request) => {
    const user = requireUser(request);
    const rows = await repo.listByUser(user.id);
    const counts = await repo.imageCounts(rows.map((m) => m.id));
    return rows.map((m) => ({ ...toPublicModel(m), imageCount: counts.get(m.id) ?? 0 }));
  });

  r.get('/api/models/:id', { schema: { params: idParamsSchema } }, async (request) => {
    const user = requireUser(request);
    const model = await repo.byId(request.params.id);
    // DECISIONS 1: someone else's model reads as 404
    if (!model || (model.userId !== user.id && !user.isAdmin)) throw notFound('Model not found');
    return toPublicModel(model, await repo.images(model.id));
  });

  r.post('/api/models', { schema: { body: createModelSchema } }, async (request, reply) => {
    const user = requireUser(request);
    const model = await service.create(user, request.body);
    return reply.status(201).send(toPublicModel(model));
  });

  r.post('/api/models/:id/images', { schema: { params: idParamsSchema } }, async (request, reply) => {
    const user = requireUser(request);
    if (!request.isMultipart()) {
      return reply
        .status(415)
        .send({
          error: 'Expected a multipart upload',
          message: 'Expected a multipart upload',
          code: 'UNSUPPORTED_MEDIA_TYPE',
        });
    }
    const { model, images } = await service.addPhotos(user, request.params.id, request.parts());
    const all = await repo.images(model.id);
    return reply
      .status(201)
      .send({ success: true, uploaded: images.length, model: toPublicModel(model, all) });
  });

  r.post(
    '/api/models/:id/update-prompt-modifier',
    { schema: { params: idParamsSchema, body: promptModifierSchema } },
    async (request) => {
      const user = requireUser(request);
      const model = await training.updatePromptModifier(user, request.params.id, request.body.promptModifier);
      return { success: true, model: toPublicModel(model) };
    },
  );

  r.delete('/api/models/:id', { schema: { params: idParamsSchema } }, async (request) => {
    const user = requireUser(request);
    await training.delete(user, request.params.id);
    return { success: true };
  });
}
