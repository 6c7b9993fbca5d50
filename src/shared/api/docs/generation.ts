import type { generationApi } from '../generation';
import type { OperationDocs } from './operation-doc';

/** What each route of `generationApi` does, for the OpenAPI document (src/server/modules/api-keys/openapi.ts). */
export const generationDocs: OperationDocs<typeof generationApi> = {
  baseModels: {
    summary: 'List base models',
    description: 'The base models images can be generated with, and their token cost per image.',
  },
  generate: {
    summary: 'Generate images',
    description:
      'Renders images from a prompt with a base model and, optionally, your model and a style; tokens are charged up front and refunded for images that fail.',
  },
  analyzeImage: {
    summary: 'Describe an image as a prompt',
    description: 'Reads an uploaded picture and suggests a prompt that would make one like it.',
  },
  images: {
    summary: 'List your generated images',
    description: 'Your gallery, newest first, filterable by album and paged.',
  },
  deleteImage: {
    summary: 'Delete a generated image',
    description: 'Removes one of your images and its file.',
  },
};
