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
import { defineRoute } from './define';

/** Preset styles: the lists users pick from, the admin's edits (server: modules/styles). */
export const stylesApi = {
  list: defineRoute({
    apiKey: 'read',
    method: 'GET',
    path: '/api/preset-styles',
    query: styleListQuerySchema,
    response: { 200: presetStyleListSchema },
  }),
  detail: defineRoute({
    apiKey: 'read',
    method: 'GET',
    path: '/api/preset-styles/:id',
    params: idParamsSchema,
    query: styleDetailQuerySchema,
    response: { 200: presetStyleViewSchema },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/preset-styles',
    body: presetStyleSchema,
    response: { 201: presetStyleViewSchema },
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/preset-styles/:id',
    params: idParamsSchema,
    body: presetStyleSchema,
    response: { 200: presetStyleViewSchema },
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/preset-styles/:id',
    params: idParamsSchema,
    response: { 200: styleDeletedSchema },
  }),
  uploadImage: defineRoute({
    method: 'POST',
    path: '/api/preset-styles/upload-image',
    multipart: true,
    response: { 201: styleImageUploadedSchema },
  }),
};
