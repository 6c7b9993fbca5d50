import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../shared/schemas/common';
import {
  modelActionSchema,
  reuploadStartedSchema,
  setModelStatusSchema,
  trainingStatusResponseSchema,
} from '../../../shared/schemas/models';
import type { AppDeps } from '../../deps';
import { adminOnly, usersOnly } from '../../http/guards';
import { requireAdmin, requireUser } from '../../http/session';
import type { AdminActor } from '../audit';
import { toPublicModel } from './model-view';
import { createTrainingService } from './training.service';

export async function trainingRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createTrainingService(opts.deps);
  const action = { ...usersOnly, schema: { params: idParamsSchema, response: { 200: modelActionSchema } } };
  // admin actions refuse a non-admin before the id or body is validated (docs/product/decisions.md §1)
  const adminReupload = {
    ...adminOnly,
    schema: { params: idParamsSchema, response: { 200: reuploadStartedSchema } },
  };

  r.get(
    '/api/models/:id/training-status',
    { ...usersOnly, schema: { params: idParamsSchema, response: { 200: trainingStatusResponseSchema } } },
    async (request) => {
      const user = requireUser(request);
      return service.status(user, request.params.id);
    },
  );

  r.post('/api/models/:id/train', action, async (request) => {
    const user = requireUser(request);
    const model = await service.start(user, request.params.id, { retry: false });
    return { success: true, message: 'Training started', model: toPublicModel(model) };
  });

  r.post('/api/models/:id/retry-training', action, async (request) => {
    const user = requireUser(request);
    const model = await service.start(user, request.params.id, { retry: true });
    return { success: true, message: 'Training restarted', model: toPublicModel(model) };
  });

  r.post('/api/models/:id/cancel-training', action, async (request) => {
    const user = requireUser(request);
    const model = await service.cancel(user, request.params.id);
    return { success: true, message: 'Training canceled', model: toPublicModel(model) };
  });

  r.post('/api/models/:id/skip-processing', action, async (request) => {
    const user = requireUser(request);
    const model = await service.markReady(user, request.params.id);
    return { success: true, model: toPublicModel(model) };
  });

  r.post(
    '/api/models/:id/status',
    {
      ...adminOnly,
      schema: { params: idParamsSchema, body: setModelStatusSchema, response: { 200: modelActionSchema } },
    },
    async (request) => {
      const model = await service.resetToUploaded(requireAdmin(request), request.params.id);
      return { success: true, model: toPublicModel(model) };
    },
  );

  const reupload = async (admin: AdminActor, id: string) => {
    const { model, log } = await service.reupload(admin, id);
    return {
      success: true,
      message: 'Re-upload started',
      uploadLogId: log.id,
      airId: model.runwareAirName,
      model: toPublicModel(model),
    };
  };
  r.post('/api/models/:id/reupload', adminReupload, async (request) => {
    return reupload(requireAdmin(request), request.params.id);
  });
  r.post('/api/models/:id/reupload-runware', adminReupload, async (request) => {
    return reupload(requireAdmin(request), request.params.id);
  });
}
