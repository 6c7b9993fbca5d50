import type { apiKeysServer } from './api-keys.server';
import { endpoints } from './define';

/** Personal API keys and the published API reference (server: modules/api-keys). Session only. */
export const apiKeysApi = endpoints<typeof apiKeysServer>()({
  list: { method: 'GET', path: '/api/user/api-keys' },
  create: { method: 'POST', path: '/api/user/api-keys' },
  revoke: { method: 'DELETE', path: '/api/user/api-keys/:id' },
  /** the OpenAPI 3.1 document of every route here (public, like /docs/api) */
  openapi: { method: 'GET', path: '/api/openapi.json' },
});
