import type { imagesServer } from './images.server';
import { endpoints } from './define';

/** Downloads and upscales of one's generated images, issue 25 (server: modules/gallery, modules/upscale). */
export const imagesApi = endpoints<typeof imagesServer>()({
  image: { method: 'GET', path: '/api/generated-images/:id' },
  download: { method: 'GET', path: '/api/generated-images/:id/download' },
  zip: { method: 'POST', path: '/api/generated-images/zip' },
  upscale: { method: 'POST', path: '/api/generated-images/:id/upscale' },
  upscalePrices: { method: 'GET', path: '/api/upscale-prices' },
  adminUpscalePrices: { method: 'GET', path: '/api/admin/upscale-prices' },
  updateUpscalePrice: { method: 'PUT', path: '/api/admin/upscale-prices' },
});
