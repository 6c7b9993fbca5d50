import { idParamsSchema } from '../schemas/common';
import { generatedImageViewSchema } from '../schemas/generation';
import {
  fileResponseSchema,
  upscalePricesSchema,
  upscalePriceUpdateSchema,
  upscaleRequestSchema,
  upscaleResponseSchema,
  zipRequestSchema,
} from '../schemas/images';
import { defineRoute } from './define';

/** Downloads and upscales of one's generated images, issue 25 (server: modules/gallery, modules/upscale). */
export const imagesApi = {
  image: defineRoute({
    method: 'GET',
    path: '/api/generated-images/:id',
    params: idParamsSchema,
    response: { 200: generatedImageViewSchema },
  }),
  download: defineRoute({
    method: 'GET',
    path: '/api/generated-images/:id/download',
    params: idParamsSchema,
    // the image itself (image/jpeg, or image/webp when blurred), with a Content-Disposition name
    response: { 200: fileResponseSchema },
  }),
  zip: defineRoute({
    method: 'POST',
    path: '/api/generated-images/zip',
    body: zipRequestSchema,
    // application/zip, streamed as it is built
    response: { 200: fileResponseSchema },
  }),
  upscale: defineRoute({
    method: 'POST',
    path: '/api/generated-images/:id/upscale',
    params: idParamsSchema,
    body: upscaleRequestSchema,
    response: { 200: upscaleResponseSchema, 202: upscaleResponseSchema },
  }),
  upscalePrices: defineRoute({
    method: 'GET',
    path: '/api/upscale-prices',
    response: { 200: upscalePricesSchema },
  }),
  adminUpscalePrices: defineRoute({
    method: 'GET',
    path: '/api/admin/upscale-prices',
    response: { 200: upscalePricesSchema },
  }),
  updateUpscalePrice: defineRoute({
    method: 'PUT',
    path: '/api/admin/upscale-prices',
    body: upscalePriceUpdateSchema,
    response: { 200: upscalePricesSchema },
  }),
};
