import type { adminStatsApi } from '../admin-stats';
import type { OperationDocs } from './operation-doc';

/** What each route of `adminStatsApi` does, for the OpenAPI document (src/server/modules/api-keys/openapi.ts). */
export const adminStatsDocs: OperationDocs<typeof adminStatsApi> = {
  daily: {
    summary: 'Read daily charts',
    description: 'Sign-ups, generations, tokens and sales per day for the admin charts.',
  },
};
