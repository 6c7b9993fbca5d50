// What other modules (and app.ts, http/) may use of api-keys/ (docs/architecture.md "Module walls").
export { createApiKeysService, type ApiKeyCaller, type ApiKeysService } from './api-keys.service';
