import { idParamsSchema } from '../schemas/common';
import {
  createModelSchema,
  flaggedRemovedSchema,
  modelActionSchema,
  modelListSchema,
  modelSchema,
  photosDeletedSchema,
  photosUploadedSchema,
  promptModifierSchema,
  reuploadStartedSchema,
  setModelStatusSchema,
  successSchema,
  trainingStatusResponseSchema,
} from '../schemas/models';
import { defineRoute } from './define';

const modelAction = (path: `/api/models/:id/${string}`) =>
  defineRoute({ method: 'POST', path, params: idParamsSchema, response: { 200: modelActionSchema } });
const reupload = (path: `/api/models/:id/${string}`) =>
  defineRoute({ method: 'POST', path, params: idParamsSchema, response: { 200: reuploadStartedSchema } });

/** A person's models: create, photos, training, hosting (server: modules/models, modules/retention). */
export const modelsApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/models',
    response: { 200: modelListSchema },
    apiKey: 'read',
  }),
  detail: defineRoute({
    apiKey: 'read',
    method: 'GET',
    path: '/api/models/:id',
    params: idParamsSchema,
    response: { 200: modelSchema },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/models',
    body: createModelSchema,
    response: { 201: modelSchema },
  }),
  uploadPhotos: defineRoute({
    method: 'POST',
    path: '/api/models/:id/images',
    params: idParamsSchema,
    multipart: true,
    response: { 201: photosUploadedSchema },
  }),
  consent: modelAction('/api/models/:id/consent'),
  removeFlagged: defineRoute({
    method: 'POST',
    path: '/api/models/:id/images/remove-flagged',
    params: idParamsSchema,
    response: { 200: flaggedRemovedSchema },
  }),
  updatePromptModifier: defineRoute({
    method: 'POST',
    path: '/api/models/:id/update-prompt-modifier',
    params: idParamsSchema,
    body: promptModifierSchema,
    response: { 200: modelActionSchema },
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/models/:id',
    params: idParamsSchema,
    response: { 200: successSchema },
  }),
  deletePhotos: defineRoute({
    method: 'DELETE',
    path: '/api/models/:id/photos',
    params: idParamsSchema,
    response: { 200: photosDeletedSchema },
  }),
  trainingStatus: defineRoute({
    apiKey: 'read',
    method: 'GET',
    path: '/api/models/:id/training-status',
    params: idParamsSchema,
    response: { 200: trainingStatusResponseSchema },
  }),
  train: modelAction('/api/models/:id/train'),
  retryTraining: modelAction('/api/models/:id/retry-training'),
  cancelTraining: modelAction('/api/models/:id/cancel-training'),
  skipProcessing: modelAction('/api/models/:id/skip-processing'),
  /** admin: back to "uploaded" */
  setStatus: defineRoute({
    method: 'POST',
    path: '/api/models/:id/status',
    params: idParamsSchema,
    body: setModelStatusSchema,
    response: { 200: modelActionSchema },
  }),
  /** admin: host the trained weights again */
  reupload: reupload('/api/models/:id/reupload'),
  reuploadRunware: reupload('/api/models/:id/reupload-runware'),
};
