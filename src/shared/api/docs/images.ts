import type { imagesApi } from '../images';
import type { OperationDocs } from './operation-doc';

/** What each route of `imagesApi` does, for the OpenAPI document (src/server/modules/api-keys/openapi.ts). */
export const imagesDocs: OperationDocs<typeof imagesApi> = {
  image: {
    summary: 'Read one generated image',
    description: 'An image of yours with its prompt, size and the upscales made of it.',
  },
  download: {
    summary: 'Download an image',
    description: 'The image file of yours, under a readable file name.',
  },
  zip: {
    summary: 'Download images as a zip',
    description:
      "Your chosen images, every image of one generation, or a pack's whole album, in one zip with a manifest.",
  },
  upscale: {
    summary: 'Upscale an image',
    description:
      'Makes a \u00d72 or \u00d74 copy of one of your images for its token price; a failed upscale is refunded.',
  },
  upscalePrices: {
    summary: 'Read upscale prices',
    description: 'What a \u00d72 and a \u00d74 upscale cost in tokens.',
  },
  adminUpscalePrices: {
    summary: 'Read upscale prices (admin)',
    description: 'The upscale prices as the admin edits them.',
  },
  updateUpscalePrice: {
    summary: 'Set an upscale price',
    description: 'Changes the token price of one upscale factor.',
  },
};
