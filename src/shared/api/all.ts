// Every descriptor, for the server's tests and tools (the route contract test, an OpenAPI document).
// The browser never imports this file: a page imports only its area's file (decision 032).
import { accountApi } from './account';
import { adminApi } from './admin';
import { authApi } from './auth';
import type { RouteDescriptor } from './define';
import { generationApi } from './generation';
import { modelsApi } from './models';
import { notificationsApi } from './notifications';
import { siteApi } from './site';
import { stylesApi } from './styles';
import { supportApi } from './support';
import { tokensApi } from './tokens';
import { webhooksApi } from './webhooks';

export const API_AREAS = {
  account: accountApi,
  admin: adminApi,
  auth: authApi,
  generation: generationApi,
  models: modelsApi,
  notifications: notificationsApi,
  site: siteApi,
  styles: stylesApi,
  support: supportApi,
  tokens: tokensApi,
  webhooks: webhooksApi,
} satisfies Record<string, Record<string, RouteDescriptor>>;

export function allDescriptors(): { name: string; descriptor: RouteDescriptor }[] {
  return Object.entries(API_AREAS).flatMap(([area, routes]) =>
    Object.entries(routes).map(([name, descriptor]) => ({ name: `${area}.${name}`, descriptor })),
  );
}
