// Personal API keys' constants and texts (docs/decisions/039-api-keys-and-openapi.md), zod-free so the
// Settings page can use them without loading zod; the schemas are in schemas/api-keys.ts.

/** What a key may do: `read` the person's models and gallery, `generate` images (tokens are spent). */
export const API_KEY_SCOPES = ['read', 'generate'] as const;
export type ApiKeyScopeName = (typeof API_KEY_SCOPES)[number];
/** How many live keys one person may hold: enough for a few tools, few enough to list on one page. */
export const MAX_API_KEYS = 10;
export const API_KEY_NAME_MAX = 60;
/** The lives a key may have, in days; `null` (no expiry) is the owner's explicit choice. */
export const API_KEY_EXPIRY_DAYS = [30, 90, 365] as const;
export type ApiKeyExpiryDays = (typeof API_KEY_EXPIRY_DAYS)[number];
export const API_KEY_DEFAULT_EXPIRY_DAYS: ApiKeyExpiryDays = 90;

export const API_KEY_TEXTS = {
  nameRequired: 'Please name the key',
  nameTooLong: `At most ${API_KEY_NAME_MAX} characters`,
  scopesRequired: 'Pick at least one scope',
  tooMany: `You can have at most ${MAX_API_KEYS} API keys. Revoke one you no longer use first.`,
  notFound: 'API key not found',
  invalid: 'Invalid or revoked API key',
  expired: 'This API key has expired. Create a new one in Settings → API keys.',
  expiryInvalid: 'Pick 30, 90 or 365 days, or no expiry',
  passwordRequired: 'Please enter your password',
  routeClosed: 'API keys cannot be used on this route; sign in to the app for it.',
  missingScope: (scope: ApiKeyScopeName) => `This API key lacks the "${scope}" scope.`,
  rateLimited: 'Too many requests with this API key. Please slow down.',
} as const;
