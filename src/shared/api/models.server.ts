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
import { serverSide } from './define';

// a person's action on one model, and the admin's re-uploads (under /api/models/, not /api/admin/)
const modelAction = { guard: 'user', params: idParamsSchema, response: { 200: modelActionSchema } } as const;
const reupload = {
  guard: 'admin',
  params: idParamsSchema,
  response: { 200: reuploadStartedSchema },
} as const;

/** The server's half of `modelsApi`: who may call each route, what it validates and answers. */
export const modelsServer = serverSide({
  list: { guard: 'user', apiKey: 'read', response: { 200: modelListSchema } },
  detail: { guard: 'user', apiKey: 'read', params: idParamsSchema, response: { 200: modelSchema } },
  create: { guard: 'user', body: createModelSchema, response: { 201: modelSchema } },
  uploadPhotos: { guard: 'user', params: idParamsSchema, response: { 201: photosUploadedSchema } },
  consent: modelAction,
  removeFlagged: { guard: 'user', params: idParamsSchema, response: { 200: flaggedRemovedSchema } },
  updatePromptModifier: {
    guard: 'user',
    params: idParamsSchema,
    body: promptModifierSchema,
    response: { 200: modelActionSchema },
  },
  remove: { guard: 'user', params: idParamsSchema, response: { 200: successSchema } },
  deletePhotos: { guard: 'user', params: idParamsSchema, response: { 200: photosDeletedSchema } },
  trainingStatus: {
    guard: 'user',
    apiKey: 'read',
    params: idParamsSchema,
    response: { 200: trainingStatusResponseSchema },
  },
  train: modelAction,
  retryTraining: modelAction,
  cancelTraining: modelAction,
  skipProcessing: modelAction,
  setStatus: {
    guard: 'admin',
    params: idParamsSchema,
    body: setModelStatusSchema,
    response: { 200: modelActionSchema },
  },
  reupload: reupload,
  reuploadRunware: reupload,
});
