import { generationApi } from '@shared/api/generation';
import { modelsApi } from '@shared/api/models';
import { stylesApi } from '@shared/api/styles';
import { supportApi } from '@shared/api/support';
import { tokensApi } from '@shared/api/tokens';
import type { QueryOf } from '@shared/api/define';
import { keyOf } from './api-client';

/**
 * Query keys read or refreshed by more than one feature, so that a change made on one page shows on
 * the others. A key comes from the route's descriptor (`keyOf`, lib/api-client.ts): its path, then
 * the query as a trailing object; a list's key is a prefix of its items' keys, so invalidating the
 * list (`all`) refreshes every variant. Keys only one feature uses live in that feature's `api/`;
 * the session key is `USER_QUERY_KEY` (src/web/lib/query-client.ts).
 */

/** The user's models (models, generate, dashboard, gallery and support read the same list). */
export const modelKeys = {
  all: keyOf(modelsApi.list),
  detail: (id: string) => keyOf(modelsApi.detail, { params: { id } }),
  trainingStatus: (id: string) => keyOf(modelsApi.trainingStatus, { params: { id } }),
};

/** How often a model on its way to ready is read again (the model page and the generator agree). */
export const TRAINING_POLL_MS = 10_000;

/** Preset styles: the lists users pick from, and the admin's. */
export const styleKeys = {
  all: keyOf(stylesApi.list),
  list: (query: { showNsfw: boolean; includeInactive?: true }) => keyOf(stylesApi.list, { query }),
  detail: (id: string) => keyOf(stylesApi.detail, { params: { id }, query: { showNsfw: true } }),
};

/** The base models image generation runs on. */
export const baseModelKeys = { all: keyOf(generationApi.baseModels) };

/** The user's generated images (the gallery's pages; the generator refreshes them). */
export const generatedImageKeys = {
  all: keyOf(generationApi.images),
  list: (query: Record<string, string | undefined>) => keyOf(generationApi.images, { query }),
};

/** The user's token transactions (billing reads them; a purchase or an admin change refreshes them). */
export const transactionKeys = {
  all: keyOf(tokensApi.transactions),
  list: (type: QueryOf<typeof tokensApi.transactions>['type']) =>
    keyOf(tokensApi.transactions, { query: { type } }),
  summary: keyOf(tokensApi.transactionsSummary),
};

/** The token packages on sale (the admin's edits refresh the buyer's list). */
export const tokenPackageKeys = { all: keyOf(tokensApi.packages) };

/** Support tickets: the user's own, and every ticket for the admin. */
export const ticketKeys = {
  all: keyOf(supportApi.tickets),
  everyone: keyOf(supportApi.tickets, { query: { includeResolved: true } }),
};
