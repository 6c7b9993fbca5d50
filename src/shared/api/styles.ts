import type { stylesServer } from './styles.server';
import { endpoints } from './define';

/** Preset styles: the lists users pick from, the admin's edits (server: modules/styles). */
export const stylesApi = endpoints<typeof stylesServer>()({
  list: { method: 'GET', path: '/api/preset-styles' },
  detail: { method: 'GET', path: '/api/preset-styles/:id' },
  create: { method: 'POST', path: '/api/preset-styles' },
  update: { method: 'PUT', path: '/api/preset-styles/:id' },
  remove: { method: 'DELETE', path: '/api/preset-styles/:id' },
  uploadImage: { method: 'POST', path: '/api/preset-styles/upload-image', multipart: true },
});
