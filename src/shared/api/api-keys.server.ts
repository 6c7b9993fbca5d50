import { idParamsSchema } from '../schemas/common';
import {
  apiKeyCreatedSchema,
  apiKeyListSchema,
  apiKeyRevokedSchema,
  createApiKeySchema,
  openApiDocumentSchema,
} from '../schemas/api-keys';
import { serverSide } from './define';

/** The server's half of `apiKeysApi`: who may call each route, what it validates and answers. */
export const apiKeysServer = serverSide({
  list: { guard: 'user', response: { 200: apiKeyListSchema } },
  create: { guard: 'user', body: createApiKeySchema, response: { 201: apiKeyCreatedSchema } },
  revoke: { guard: 'user', params: idParamsSchema, response: { 200: apiKeyRevokedSchema } },
  openapi: { guard: 'public', response: { 200: openApiDocumentSchema } },
});
