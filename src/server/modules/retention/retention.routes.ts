import type { FastifyInstance } from 'fastify';
import { modelsContract } from '../../../shared/api/all';
import { route } from '../../http/route';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../http/session';
import { conflict } from '../../lib/errors';
import { accessModel, lockModel, modelById, toPublicModel } from '../models';
import { deleteTrainingPhotos } from './photo-deletion';

/** A training job reads the photos in these states: deleting them now would break it. */
const IN_FLIGHT = ['training', 'training_complete', 'processing'];

export async function retentionRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const { deps } = opts;

  // "Delete my training photos now" (decision 025): the owner's own retention, ahead of the schedule
  route(app, modelsContract.deletePhotos, async (request) => {
    const user = requireUser(request);
    const deleted = await deps.db.transaction(async (tx) => {
      const model = accessModel(
        await lockModel(tx, request.params.id),
        user,
        'owner',
        'Only the owner of this model can delete its photos.',
      );
      if (IN_FLIGHT.includes(model.status)) {
        throw conflict(
          'The photos are in use by the training. Please wait until it ends.',
          'INVALID_MODEL_STATUS',
        );
      }
      return deleteTrainingPhotos(deps, tx, model.id);
    });
    deps.queue.kick();
    const model = await modelById(deps.db, request.params.id);
    return { success: true, deleted, model: toPublicModel(model!, []) };
  });
}
