// Every descriptor with its server side, for the server, its tests and tools (route registration, the
// route contract test, the OpenAPI document). The browser never imports this file (decision 069).
// An area's two halves are joined here, not in its server half: the browser half takes the server
// half's types, so a server half that took the browser half's places made a circle of the two.
import { accountApi } from './account';
import { accountServer } from './account.server';
import { adminStatsApi } from './admin-stats';
import { adminStatsServer } from './admin-stats.server';
import { adminApi } from './admin';
import { adminServer } from './admin.server';
import { apiKeysApi } from './api-keys';
import { apiKeysServer } from './api-keys.server';
import { authApi } from './auth';
import { authServer } from './auth.server';
import { generationApi } from './generation';
import { generationServer } from './generation.server';
import { imagesApi } from './images';
import { imagesServer } from './images.server';
import { modelsApi } from './models';
import { modelsServer } from './models.server';
import { notificationsApi } from './notifications';
import { notificationsServer } from './notifications.server';
import { packsApi } from './packs';
import { packsServer } from './packs.server';
import { siteApi } from './site';
import { siteServer } from './site.server';
import { stylesApi } from './styles';
import { stylesServer } from './styles.server';
import { supportApi } from './support';
import { supportServer } from './support.server';
import { tokensApi } from './tokens';
import { tokensServer } from './tokens.server';
import { twoFactorApi } from './two-factor';
import { twoFactorServer } from './two-factor.server';
import { webhooksApi } from './webhooks';
import { webhooksServer } from './webhooks.server';
import { contractOf, type RouteDescriptor } from './define';

export const accountContract = contractOf(accountApi, accountServer);
export const adminStatsContract = contractOf(adminStatsApi, adminStatsServer);
export const adminContract = contractOf(adminApi, adminServer);
export const apiKeysContract = contractOf(apiKeysApi, apiKeysServer);
export const authContract = contractOf(authApi, authServer);
export const generationContract = contractOf(generationApi, generationServer);
export const imagesContract = contractOf(imagesApi, imagesServer);
export const modelsContract = contractOf(modelsApi, modelsServer);
export const notificationsContract = contractOf(notificationsApi, notificationsServer);
export const packsContract = contractOf(packsApi, packsServer);
export const siteContract = contractOf(siteApi, siteServer);
export const stylesContract = contractOf(stylesApi, stylesServer);
export const supportContract = contractOf(supportApi, supportServer);
export const tokensContract = contractOf(tokensApi, tokensServer);
export const twoFactorContract = contractOf(twoFactorApi, twoFactorServer);
export const webhooksContract = contractOf(webhooksApi, webhooksServer);

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
