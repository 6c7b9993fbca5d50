import type { modelsServer } from './models.server';
import { endpoints } from './define';

const post = <const P extends `/api/models/:id/${string}`>(path: P) => ({ method: 'POST', path }) as const;

/** A person's models: create, photos, training, hosting (server: modules/models, modules/retention). */
export const modelsApi = endpoints<typeof modelsServer>()({
  list: { method: 'GET', path: '/api/models' },
  detail: { method: 'GET', path: '/api/models/:id' },
  create: { method: 'POST', path: '/api/models' },
  uploadPhotos: { method: 'POST', path: '/api/models/:id/images', multipart: true },
  consent: post('/api/models/:id/consent'),
  removeFlagged: { method: 'POST', path: '/api/models/:id/images/remove-flagged' },
  updatePromptModifier: { method: 'POST', path: '/api/models/:id/update-prompt-modifier' },
  remove: { method: 'DELETE', path: '/api/models/:id' },
  deletePhotos: { method: 'DELETE', path: '/api/models/:id/photos' },
  trainingStatus: { method: 'GET', path: '/api/models/:id/training-status' },
  train: post('/api/models/:id/train'),
  retryTraining: post('/api/models/:id/retry-training'),
  cancelTraining: post('/api/models/:id/cancel-training'),
  skipProcessing: post('/api/models/:id/skip-processing'),
  /** admin: back to "uploaded" */
  setStatus: { method: 'POST', path: '/api/models/:id/status' },
  /** admin: host the trained weights again */
  reupload: post('/api/models/:id/reupload'),
  reuploadRunware: post('/api/models/:id/reupload-runware'),
});
