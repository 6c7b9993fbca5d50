// Every descriptor with its server side, for the server, its tests and tools (route registration, the
// route contract test, the OpenAPI document). The browser never imports this file (decision 069).
import { accountContract } from './account.server';
import { adminContract } from './admin.server';
import { adminStatsContract } from './admin-stats.server';
import { apiKeysContract } from './api-keys.server';
import { authContract } from './auth.server';
import { generationContract } from './generation.server';
import { imagesContract } from './images.server';
import { modelsContract } from './models.server';
import { notificationsContract } from './notifications.server';
import { packsContract } from './packs.server';
import { siteContract } from './site.server';
import { stylesContract } from './styles.server';
import { supportContract } from './support.server';
import { tokensContract } from './tokens.server';
import { twoFactorContract } from './two-factor.server';
import { webhooksContract } from './webhooks.server';
import type { RouteDescriptor } from './define';

export const API_AREAS = {
  account: accountContract,
  admin: adminContract,
  apiKeys: apiKeysContract,
  adminStats: adminStatsContract,
  auth: authContract,
  generation: generationContract,
  images: imagesContract,
  models: modelsContract,
  packs: packsContract,
  notifications: notificationsContract,
  site: siteContract,
  styles: stylesContract,
  support: supportContract,
  tokens: tokensContract,
  twoFactor: twoFactorContract,
  webhooks: webhooksContract,
} satisfies Record<string, Record<string, RouteDescriptor>>;

export function allDescriptors(): { name: string; descriptor: RouteDescriptor }[] {
  return Object.entries(API_AREAS).flatMap(([area, routes]) =>
    Object.entries(routes).map(([name, descriptor]) => ({ name: `${area}.${name}`, descriptor })),
  );
}
