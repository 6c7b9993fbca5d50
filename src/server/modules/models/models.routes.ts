import type { FastifyInstance } from 'fastify';
import { modelsContract } from '../../../shared/api/all';
import { route } from '../../http/route';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../http/session';
import { AppError } from '../../lib/errors';
import { createTrainingService } from './training.service';
import { toPublicModel } from './model-view';
import { createModelsService } from './models.service';

export async function modelsRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const service = createModelsService(opts.deps);
  const training = createTrainingService(opts.deps);

  route(app, modelsContract.list, async (request) => {
    const user = requireUser(request);
    return service.list(user);
  });

  route(app, modelsContract.detail, async (request) => {
    const user = requireUser(request);
    return service.detail(user, request.params.id);
  });

  route(app, modelsContract.create, async (request, reply) => {
    const user = requireUser(request);
    const model = await service.create(user, request.body);
    return reply.status(201).send(toPublicModel(model));
  });

  route(app, modelsContract.uploadPhotos, async (request, reply) => {
    const user = requireUser(request);
    if (!request.isMultipart()) {
      throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Expected a multipart upload');
    }
    const { uploaded, model } = await service.addPhotos(user, request.params.id, request.parts());
    return reply.status(201).send({ success: true, uploaded, model });
  });

  // the subject attestation for an existing model (decision 025); POST /api/models takes it too
  route(app, modelsContract.consent, async (request) => {
    const user = requireUser(request);
    return { success: true, model: await service.recordConsent(user, request.params.id) };
  });

  // one click on the model page: drop every photo the face checks flagged (decision 020)
  route(app, modelsContract.removeFlagged, async (request) => {
    const user = requireUser(request);
    const { removed, model } = await service.removeFlagged(user, request.params.id);
    return { success: true, removed, model };
  });

  route(app, modelsContract.updatePromptModifier, async (request) => {
    const user = requireUser(request);
    const model = await training.updatePromptModifier(user, request.params.id, request.body.promptModifier);
    return { success: true, model: toPublicModel(model) };
  });

  route(app, modelsContract.remove, async (request) => {
    const user = requireUser(request);
    await training.delete(user, request.params.id);
    return { success: true };
  });
}
