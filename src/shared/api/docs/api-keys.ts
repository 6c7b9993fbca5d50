import type { apiKeysApi } from '../api-keys';
import type { OperationDocs } from './operation-doc';

/** What each route of `apiKeysApi` does, for the OpenAPI document (src/server/modules/api-keys/openapi.ts). */
export const apiKeysDocs: OperationDocs<typeof apiKeysApi> = {
  list: {
    summary: 'List your API keys',
    description: 'Your personal API keys with their scopes and when each was last used (never the secret).',
  },
  create: {
    summary: 'Create an API key',
    description:
      'Makes a personal API key with the scopes you choose; its secret is shown once, in this answer.',
  },
  revoke: {
    summary: 'Revoke an API key',
    description: 'Ends a personal API key at once; requests with it are refused from then on.',
  },
  openapi: {
    summary: 'Read this API document',
    description: 'The OpenAPI 3.1 description of every route, the one this reference shows.',
  },
};
