// What other modules (and app.ts, http/) may use of api-keys/ (docs/architecture.md "Module walls").
export {
  API_KEY_TOKEN_START,
  createApiKeysService,
  type ApiKeyCaller,
  type ApiKeysService,
} from './api-keys.service';
export { revokeUserApiKeys } from './api-key-revocation';
