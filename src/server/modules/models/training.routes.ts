import type { FastifyInstance } from 'fastify';
import { modelsContract } from '../../../shared/api/all';
import { route } from '../../http/route';
import type { AppDeps } from '../../deps';
import { requireAdmin, requireUser } from '../../http/session';
import type { AdminActor } from '../audit';
import { toPublicModel } from './model-view';
import { createTrainingService } from './training.service';

export async function trainingRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const service = createTrainingService(opts.deps);
  // admin actions refuse a non-admin before the id or body is validated (docs/product/decisions.md §1)

  route(app, modelsContract.trainingStatus, async (request) => {
    const user = requireUser(request);
    return service.status(user, request.params.id);
  });

  route(app, modelsContract.train, async (request) => {
    const user = requireUser(request);
    const model = await service.start(user, request.params.id, { retry: false });
    return { success: true, message: 'Training started', model: toPublicModel(model) };
  });

  route(app, modelsContract.retryTraining, async (request) => {
    const user = requireUser(request);
    const model = await service.start(user, request.params.id, { retry: true });
    return { success: true, message: 'Training restarted', model: toPublicModel(model) };
  });

  route(app, modelsContract.cancelTraining, async (request) => {
    const user = requireUser(request);
    const model = await service.cancel(user, request.params.id);
    return { success: true, message: 'Training canceled', model: toPublicModel(model) };
  });

  route(app, modelsContract.skipProcessing, async (request) => {
    const user = requireUser(request);
    const model = await service.markReady(user, request.params.id);
    return { success: true, model: toPublicModel(model) };
  });

  route(app, modelsContract.setStatus, async (request) => {
    const model = await service.resetToUploaded(requireAdmin(request), request.params.id);
    return { success: true, model: toPublicModel(model) };
  });

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
  route(app, modelsContract.reupload, async (request) => {
    return reupload(requireAdmin(request), request.params.id);
  });
  route(app, modelsContract.reuploadRunware, async (request) => {
    return reupload(requireAdmin(request), request.params.id);
  });
}
