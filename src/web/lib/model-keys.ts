/**
 * Query keys of the user's models, shared by the models and generate features: both read the same
 * list, so a change made on one page shows on the other. Keys are the URLs the default query
 * function fetches (src/web/lib/api.ts).
 */
export const modelKeys = {
  all: ['/api/models'] as const,
  detail: (id: string) => ['/api/models', id] as const,
  trainingStatus: (id: string) => ['/api/models', id, 'training-status'] as const,
};

/** How often a model on its way to ready is read again (the model page and the generator agree). */
export const TRAINING_POLL_MS = 10_000;
