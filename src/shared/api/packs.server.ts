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
import { serverSide } from './define';

/** The server's half of `packsApi`: who may call each route, what it validates and answers. */
export const packsServer = serverSide({
  list: { guard: 'user', query: packListQuerySchema, response: { 200: packListSchema } },
  generate: {
    guard: 'user',
    params: idParamsSchema,
    body: packGenerateSchema,
    response: { 202: packBatchResultSchema },
  },
  batches: { guard: 'user', query: packListQuerySchema, response: { 200: packBatchListSchema } },
  batch: { guard: 'user', params: idParamsSchema, response: { 200: packBatchResultSchema } },
  album: { guard: 'user', params: idParamsSchema, response: { 200: packAlbumResultSchema } },
  adminList: { guard: 'admin', query: packListQuerySchema, response: { 200: adminPackListSchema } },
  adminCreate: { guard: 'admin', body: packInputSchema, response: { 201: adminPackResultSchema } },
  adminUpdate: {
    guard: 'admin',
    params: idParamsSchema,
    body: packInputSchema,
    response: { 200: adminPackResultSchema },
  },
  adminSetActive: {
    guard: 'admin',
    params: idParamsSchema,
    body: packActiveBodySchema,
    response: { 200: adminPackResultSchema },
  },
  adminUploadCover: { guard: 'admin', response: { 201: packCoverUploadedSchema } },
});
