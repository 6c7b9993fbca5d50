/**
 * Query keys read or refreshed by more than one feature, so that a change made on one page shows on
 * the others. A key is the URL the default query function fetches (src/web/lib/api.ts), with its
 * query parameters as a trailing object; a prefix (`all`) matches every variant when invalidating.
 * Keys only one feature uses live in that feature's `api/`; the session key is `USER_QUERY_KEY`
 * (src/web/lib/query-client.ts).
 */

/** The user's models (models, generate, dashboard, gallery and support read the same list). */
export const modelKeys = {
  all: ['/api/models'] as const,
  detail: (id: string) => ['/api/models', id] as const,
  trainingStatus: (id: string) => ['/api/models', id, 'training-status'] as const,
};

/** How often a model on its way to ready is read again (the model page and the generator agree). */
export const TRAINING_POLL_MS = 10_000;

/** Preset styles: the lists users pick from, and the admin's. */
export const styleKeys = {
  all: ['/api/preset-styles'] as const,
  list: (params: { showNsfw: boolean; includeInactive?: true }) => ['/api/preset-styles', params] as const,
  detail: (id: string) => ['/api/preset-styles', id, { showNsfw: true }] as const,
};

/** The base models image generation runs on. */
export const baseModelKeys = { all: ['/api/base-models'] as const };

/** The user's generated images (the gallery's pages; the generator refreshes them). */
export const generatedImageKeys = {
  all: ['/api/generated-images'] as const,
  list: (params: Record<string, string | undefined>) => ['/api/generated-images', params] as const,
};

/** The user's token transactions (billing reads them; a purchase or an admin change refreshes them). */
export const transactionKeys = {
  all: ['/api/transactions'] as const,
  list: (type: string | undefined) => ['/api/transactions', { type }] as const,
  summary: ['/api/transactions/summary'] as const,
};

/** The token packages on sale (the admin's edits refresh the buyer's list). */
export const tokenPackageKeys = { all: ['/api/token-packages'] as const };

/** Support tickets: the user's own, and every ticket for the admin. */
export const ticketKeys = {
  all: ['/api/support/tickets'] as const,
  everyone: ['/api/support/tickets', { includeResolved: true }] as const,
};
