import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../shared/schemas/common';
import { createModelSchema, promptModifierSchema } from '../../../shared/schemas/models';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../http/session';
import { createTrainingService } from './training.service';
import { toPublicModel } from './model-view';
import { createModelsService } from './models.service';

export async function modelsRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createModelsService(opts.deps);
  const training = createTrainingService(opts.deps);

  r.get('/api/models', async (request) => {
    const user = requireUser(request);
    return service.list(user);
  });

  r.get('/api/models/:id', { schema: { params: idParamsSchema } }, async (request) => {
    const user = requireUser(request);
    return service.detail(user, request.params.id);
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
    const { uploaded, model } = await service.addPhotos(user, request.params.id, request.parts());
    return reply.status(201).send({ success: true, uploaded, model });
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
