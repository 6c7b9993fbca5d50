import { idParamsSchema } from '../schemas/common';
import {
  adminPackListSchema,
  adminPackResultSchema,
  packAlbumResultSchema,
  packActiveBodySchema,
  packBatchListSchema,
  packBatchResultSchema,
  packCoverUploadedSchema,
  packGenerateSchema,
  packInputSchema,
  packListQuerySchema,
  packListSchema,
} from '../schemas/packs';
import { defineRoute } from './define';

/** Photo packs: the list users buy from, a batch's progress, the admin's edits (server: modules/packs). */
export const packsApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/packs',
    query: packListQuerySchema,
    response: { 200: packListSchema },
  }),
  generate: defineRoute({
    method: 'POST',
    path: '/api/packs/:id/generate',
    params: idParamsSchema,
    body: packGenerateSchema,
    response: { 202: packBatchResultSchema },
  }),
  batches: defineRoute({
    method: 'GET',
    path: '/api/pack-batches',
    query: packListQuerySchema,
    response: { 200: packBatchListSchema },
  }),
  batch: defineRoute({
    method: 'GET',
    path: '/api/pack-batches/:id',
    params: idParamsSchema,
    response: { 200: packBatchResultSchema },
  }),
  album: defineRoute({
    method: 'GET',
    path: '/api/pack-batches/:id/album',
    params: idParamsSchema,
    response: { 200: packAlbumResultSchema },
  }),
  adminList: defineRoute({
    method: 'GET',
    path: '/api/admin/packs',
    query: packListQuerySchema,
    response: { 200: adminPackListSchema },
  }),
  adminCreate: defineRoute({
    method: 'POST',
    path: '/api/admin/packs',
    body: packInputSchema,
    response: { 201: adminPackResultSchema },
  }),
  adminUpdate: defineRoute({
    method: 'PUT',
    path: '/api/admin/packs/:id',
    params: idParamsSchema,
    body: packInputSchema,
    response: { 200: adminPackResultSchema },
  }),
  adminSetActive: defineRoute({
    method: 'PATCH',
    path: '/api/admin/packs/:id/active',
    params: idParamsSchema,
    body: packActiveBodySchema,
    response: { 200: adminPackResultSchema },
  }),
  adminUploadCover: defineRoute({
    method: 'POST',
    path: '/api/admin/packs/cover',
    multipart: true,
    response: { 201: packCoverUploadedSchema },
  }),
};
