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
import { serverSide } from './define';

/** The server's half of `imagesApi`: who may call each route, what it validates and answers. */
export const imagesServer = serverSide({
  image: { guard: 'user', params: idParamsSchema, response: { 200: generatedImageViewSchema } },
  download: {
    guard: 'user',
    params: idParamsSchema,
    // the image itself (image/jpeg, or image/webp when blurred), with a Content-Disposition name
    response: { 200: fileResponseSchema },
  },
  zip: {
    guard: 'user',
    body: zipRequestSchema,
    // application/zip, streamed as it is built
    response: { 200: fileResponseSchema },
  },
  upscale: {
    guard: 'user',
    params: idParamsSchema,
    body: upscaleRequestSchema,
    response: { 200: upscaleResponseSchema, 202: upscaleResponseSchema },
  },
  upscalePrices: { guard: 'public', response: { 200: upscalePricesSchema } },
  adminUpscalePrices: { guard: 'admin', response: { 200: upscalePricesSchema } },
  updateUpscalePrice: {
    guard: 'admin',
    body: upscalePriceUpdateSchema,
    response: { 200: upscalePricesSchema },
  },
});
