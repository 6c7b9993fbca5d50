import { idParamsSchema } from '../schemas/common';
import {
  presetStyleListSchema,
  presetStyleSchema,
  presetStyleViewSchema,
  styleDeletedSchema,
  styleDetailQuerySchema,
  styleImageUploadedSchema,
  styleListQuerySchema,
} from '../schemas/styles';
import { serverSide } from './define';

/** The server's half of `stylesApi`: who may call each route, what it validates and answers. */
export const stylesServer = serverSide({
  list: {
    guard: 'user',
    apiKey: 'read',
    query: styleListQuerySchema,
    response: { 200: presetStyleListSchema },
  },
  detail: {
    guard: 'user',
    apiKey: 'read',
    params: idParamsSchema,
    query: styleDetailQuerySchema,
    response: { 200: presetStyleViewSchema },
  },
  create: { guard: 'admin', body: presetStyleSchema, response: { 201: presetStyleViewSchema } },
  update: {
    guard: 'admin',
    params: idParamsSchema,
    body: presetStyleSchema,
    response: { 200: presetStyleViewSchema },
  },
  remove: { guard: 'admin', params: idParamsSchema, response: { 200: styleDeletedSchema } },
  uploadImage: { guard: 'admin', response: { 201: styleImageUploadedSchema } },
});
