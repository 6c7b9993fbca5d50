import { idParamsSchema } from '../schemas/common';
import {
  analyzeImageResponseSchema,
  baseModelListSchema,
  galleryPageSchema,
  galleryQuerySchema,
  generateImageResponseSchema,
  generateImageSchema,
  imageDeletedSchema,
} from '../schemas/generation';
import { defineRoute } from './define';

/** Image generation and the person's gallery (server: modules/generation, modules/gallery). */
export const generationApi = {
  baseModels: defineRoute({
    apiKey: 'read',
    method: 'GET',
    path: '/api/base-models',
    response: { 200: baseModelListSchema },
  }),
  generate: defineRoute({
    apiKey: 'generate',
    method: 'POST',
    path: '/api/generate-image',
    body: generateImageSchema,
    // 202: still rendering after the wait, the images will land in the gallery
    response: { 200: generateImageResponseSchema, 202: generateImageResponseSchema },
  }),
  analyzeImage: defineRoute({
    method: 'POST',
    path: '/api/analyze-image',
    multipart: true,
    response: { 200: analyzeImageResponseSchema },
  }),
  images: defineRoute({
    apiKey: 'read',
    method: 'GET',
    path: '/api/generated-images',
    query: galleryQuerySchema,
    response: { 200: galleryPageSchema },
  }),
  deleteImage: defineRoute({
    method: 'DELETE',
    path: '/api/generated-images/:id',
    params: idParamsSchema,
    response: { 200: imageDeletedSchema },
  }),
};
