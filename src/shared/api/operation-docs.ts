// A human summary and description of every route, for the OpenAPI document and its reference page
// (src/server/modules/api-keys/openapi.ts). Kept beside the descriptors but in files of their own
// (docs/<area>.ts): the browser imports an area's descriptor file, and these words would ride along on
// every page that calls the server, while only the server's document reads them. The type asks for one entry per descriptor,
// so a new route without words does not compile.
import { accountDocs } from './docs/account';
import { adminDocs } from './docs/admin';
import { adminStatsDocs } from './docs/admin-stats';
import { apiKeysDocs } from './docs/api-keys';
import { authDocs } from './docs/auth';
import { generationDocs } from './docs/generation';
import { imagesDocs } from './docs/images';
import { modelsDocs } from './docs/models';
import { notificationsDocs } from './docs/notifications';
import { packsDocs } from './docs/packs';
import { siteDocs } from './docs/site';
import { stylesDocs } from './docs/styles';
import { supportDocs } from './docs/support';
import { tokensDocs } from './docs/tokens';
import { twoFactorDocs } from './docs/two-factor';
import { webhooksDocs } from './docs/webhooks';
import type { API_AREAS } from './all';
import type { OperationDoc, OperationDocs } from './docs/operation-doc';

export type { OperationDoc };
type Areas = typeof API_AREAS;

/** Every area's words, one file per area under docs/ (each typed against its descriptors). */
export const OPERATION_DOCS: { [A in keyof Areas]: OperationDocs<Areas[A]> } = {
  account: accountDocs,
  twoFactor: twoFactorDocs,
  admin: adminDocs,
  apiKeys: apiKeysDocs,
  adminStats: adminStatsDocs,
  auth: authDocs,
  generation: generationDocs,
  images: imagesDocs,
  models: modelsDocs,
  packs: packsDocs,
  notifications: notificationsDocs,
  site: siteDocs,
  styles: stylesDocs,
  support: supportDocs,
  tokens: tokensDocs,
  webhooks: webhooksDocs,
};
