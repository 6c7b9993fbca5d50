import type { packsServer } from './packs.server';
import { endpoints } from './define';

/** Photo packs: the list users buy from, a batch's progress, the admin's edits (server: modules/packs). */
export const packsApi = endpoints<typeof packsServer>()({
  list: { method: 'GET', path: '/api/packs' },
  generate: { method: 'POST', path: '/api/packs/:id/generate' },
  batches: { method: 'GET', path: '/api/pack-batches' },
  batch: { method: 'GET', path: '/api/pack-batches/:id' },
  album: { method: 'GET', path: '/api/pack-batches/:id/album' },
  adminList: { method: 'GET', path: '/api/admin/packs' },
  adminCreate: { method: 'POST', path: '/api/admin/packs' },
  adminUpdate: { method: 'PUT', path: '/api/admin/packs/:id' },
  adminSetActive: { method: 'PATCH', path: '/api/admin/packs/:id/active' },
  adminUploadCover: { method: 'POST', path: '/api/admin/packs/cover', multipart: true },
});
