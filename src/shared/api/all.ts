// Every descriptor, for the server's tests and tools (the route contract test, an OpenAPI document).
// The browser never imports this file: a page imports only its area's file (decision 032).
import { accountApi } from './account';
import { adminApi } from './admin';
import { apiKeysApi } from './api-keys';
import { adminStatsApi } from './admin-stats';
import { authApi } from './auth';
import type { RouteDescriptor } from './define';
import { generationApi } from './generation';
import { imagesApi } from './images';
import { modelsApi } from './models';
import { packsApi } from './packs';
import { notificationsApi } from './notifications';
import { siteApi } from './site';
import { stylesApi } from './styles';
import { supportApi } from './support';
import { tokensApi } from './tokens';
import { twoFactorApi } from './two-factor';
import { webhooksApi } from './webhooks';

export const API_AREAS = {
  account: accountApi,
  admin: adminApi,
  apiKeys: apiKeysApi,
  adminStats: adminStatsApi,
  auth: authApi,
  generation: generationApi,
  images: imagesApi,
  models: modelsApi,
  packs: packsApi,
  notifications: notificationsApi,
  site: siteApi,
  styles: stylesApi,
  support: supportApi,
  tokens: tokensApi,
  twoFactor: twoFactorApi,
  webhooks: webhooksApi,
} satisfies Record<string, Record<string, RouteDescriptor>>;

export function allDescriptors(): { name: string; descriptor: RouteDescriptor }[] {
  return Object.entries(API_AREAS).flatMap(([area, routes]) =>
    Object.entries(routes).map(([name, descriptor]) => ({ name: `${area}.${name}`, descriptor })),
  );
}
