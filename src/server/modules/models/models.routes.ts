import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../shared/schemas/common';
import {
  createModelSchema,
  flaggedRemovedSchema,
  modelActionSchema,
  modelListSchema,
  modelSchema,
  photosUploadedSchema,
  promptModifierSchema,
  successSchema,
} from '../../../shared/schemas/models';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../http/session';
import { AppError } from '../../lib/errors';
import { createTrainingService } from './training.service';
import { toPublicModel } from './model-view';
import { createModelsService } from './models.service';
import { usersOnly } from '../../http/guards';

export async function modelsRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createModelsService(opts.deps);
  const training = createTrainingService(opts.deps);

  r.get('/api/models', { schema: { response: { 200: modelListSchema } } }, async (request) => {
    const user = requireUser(request);
    return service.list(user);
  });

  r.get(
    '/api/models/:id',
    { ...usersOnly, schema: { params: idParamsSchema, response: { 200: modelSchema } } },
    async (request) => {
      const user = requireUser(request);
      return service.detail(user, request.params.id);
    },
  );

  r.post(
    '/api/models',
    { ...usersOnly, schema: { body: createModelSchema, response: { 201: modelSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      const model = await service.create(user, request.body);
      return reply.status(201).send(toPublicModel(model));
    },
  );

  r.post(
    '/api/models/:id/images',
    { ...usersOnly, schema: { params: idParamsSchema, response: { 201: photosUploadedSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      if (!request.isMultipart()) {
        throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Expected a multipart upload');
      }
      const { uploaded, model } = await service.addPhotos(user, request.params.id, request.parts());
      return reply.status(201).send({ success: true, uploaded, model });
    },
  );

  // the subject attestation for an existing model (decision 025); POST /api/models takes it too
  r.post(
    '/api/models/:id/consent',
    { ...usersOnly, schema: { params: idParamsSchema, response: { 200: modelActionSchema } } },
    async (request) => {
      const user = requireUser(request);
      return { success: true, model: await service.recordConsent(user, request.params.id) };
    },
  );

  // one click on the model page: drop every photo the face checks flagged (decision 020)
  r.post(
    '/api/models/:id/images/remove-flagged',
    { ...usersOnly, schema: { params: idParamsSchema, response: { 200: flaggedRemovedSchema } } },
    async (request) => {
      const user = requireUser(request);
      const { removed, model } = await service.removeFlagged(user, request.params.id);
      return { success: true, removed, model };
    },
  );

  r.post(
    '/api/models/:id/update-prompt-modifier',
    {
      ...usersOnly,
      schema: { params: idParamsSchema, body: promptModifierSchema, response: { 200: modelActionSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      const model = await training.updatePromptModifier(user, request.params.id, request.body.promptModifier);
      return { success: true, model: toPublicModel(model) };
    },
  );

  r.delete(
    '/api/models/:id',
    { ...usersOnly, schema: { params: idParamsSchema, response: { 200: successSchema } } },
    async (request) => {
      const user = requireUser(request);
      await training.delete(user, request.params.id);
      return { success: true };
    },
  );
}
