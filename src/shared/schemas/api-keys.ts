import { z } from 'zod';
import {
  API_KEY_DEFAULT_EXPIRY_DAYS,
  API_KEY_EXPIRY_DAYS,
  API_KEY_NAME_MAX,
  API_KEY_SCOPES,
  API_KEY_TEXTS,
} from '../api-key-texts';
import { safeText } from './common';

export {
  API_KEY_DEFAULT_EXPIRY_DAYS,
  API_KEY_EXPIRY_DAYS,
  type ApiKeyExpiryDays,
  API_KEY_NAME_MAX,
  API_KEY_SCOPES,
  API_KEY_TEXTS,
  MAX_API_KEYS,
  type ApiKeyScopeName,
} from '../api-key-texts';

// Personal API keys (issue 26 part 2, docs/decisions/039-api-keys-and-openapi.md).

export const apiKeyScopeSchema = z.enum(API_KEY_SCOPES, { error: 'Unknown scope' });

export const createApiKeySchema = z.object({
  name: safeText({ error: API_KEY_TEXTS.nameRequired })
    .trim()
    .min(1, API_KEY_TEXTS.nameRequired)
    .max(API_KEY_NAME_MAX, API_KEY_TEXTS.nameTooLong),
  scopes: z
    .array(apiKeyScopeSchema, { error: API_KEY_TEXTS.scopesRequired })
    .min(1, API_KEY_TEXTS.scopesRequired)
    .max(10, 'Too many scopes')
    // each scope once, in a stable order
    .transform((s) => API_KEY_SCOPES.filter((scope) => s.includes(scope))),
  /** days until the key is refused; null: never (the owner's explicit choice); left out: 90 */
  expiresInDays: z
    .literal(API_KEY_EXPIRY_DAYS, { error: API_KEY_TEXTS.expiryInvalid })
    .nullable()
    .optional()
    .transform((d) => (d === undefined ? API_KEY_DEFAULT_EXPIRY_DAYS : d)),
  /** the current password: a stolen session alone cannot mint a long-lived credential */
  password: z
    .string({ error: API_KEY_TEXTS.passwordRequired })
    .min(1, API_KEY_TEXTS.passwordRequired)
    .max(200, API_KEY_TEXTS.passwordRequired),
});
export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;

export const apiKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  scopes: z.array(apiKeyScopeSchema),
  /** the token's public start (`ls_<prefix>`), to tell keys apart; the secret is never shown again */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** when the key stops working; null: never */
  expiresAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.object({ apiKeys: z.array(apiKeySchema) });
/** The one answer that carries the token: right after creation, never again. */
export const apiKeyCreatedSchema = z.object({
  apiKey: apiKeySchema.extend({ token: z.string() }),
});
export const apiKeyRevokedSchema = z.object({ success: z.boolean() });

/** GET /api/openapi.json: an OpenAPI 3.1 document (built from the descriptors on the server). */
export const openApiDocumentSchema = z
  .object({ openapi: z.string(), info: z.record(z.string(), z.unknown()) })
  .catchall(z.unknown());
