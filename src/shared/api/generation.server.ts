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
import { serverSide } from './define';

/** The server's half of `generationApi`: who may call each route, what it validates and answers. */
export const generationServer = serverSide({
  baseModels: { guard: 'user', apiKey: 'read', response: { 200: baseModelListSchema } },
  generate: {
    guard: 'user',
    apiKey: 'generate',
    body: generateImageSchema,
    // 202: still rendering after the wait, the images will land in the gallery
    response: { 200: generateImageResponseSchema, 202: generateImageResponseSchema },
  },
  analyzeImage: { guard: 'user', response: { 200: analyzeImageResponseSchema } },
  images: { guard: 'user', apiKey: 'read', query: galleryQuerySchema, response: { 200: galleryPageSchema } },
  deleteImage: { guard: 'user', params: idParamsSchema, response: { 200: imageDeletedSchema } },
});
