import { idParamsSchema } from '../schemas/common';
import {
  apiKeyCreatedSchema,
  apiKeyListSchema,
  apiKeyRevokedSchema,
  createApiKeySchema,
  openApiDocumentSchema,
} from '../schemas/api-keys';
import { defineRoute } from './define';

/** Personal API keys and the published API reference (server: modules/api-keys). Session only. */
export const apiKeysApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/user/api-keys',
    response: { 200: apiKeyListSchema },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/user/api-keys',
    body: createApiKeySchema,
    response: { 201: apiKeyCreatedSchema },
  }),
  revoke: defineRoute({
    method: 'DELETE',
    path: '/api/user/api-keys/:id',
    params: idParamsSchema,
    response: { 200: apiKeyRevokedSchema },
  }),
  /** the OpenAPI 3.1 document of every route here (public, like /docs/api) */
  openapi: defineRoute({
    method: 'GET',
    path: '/api/openapi.json',
    response: { 200: openApiDocumentSchema },
  }),
};
