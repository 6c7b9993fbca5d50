import type { generationServer } from './generation.server';
import { endpoints } from './define';

/** Image generation and the person's gallery (server: modules/generation, modules/gallery). */
export const generationApi = endpoints<typeof generationServer>()({
  baseModels: { method: 'GET', path: '/api/base-models' },
  generate: { method: 'POST', path: '/api/generate-image' },
  analyzeImage: { method: 'POST', path: '/api/analyze-image', multipart: true },
  images: { method: 'GET', path: '/api/generated-images' },
  deleteImage: { method: 'DELETE', path: '/api/generated-images/:id' },
});
