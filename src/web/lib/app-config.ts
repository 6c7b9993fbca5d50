import { useQuery } from '@tanstack/react-query';
import { siteApi } from '@shared/api/site';
import { apiQuery, keyOf } from './api-client';
import { useHydrated } from './hydration';
import type { EngineNames, PublicConfig } from '../../shared/schemas/system';

export type EngineName = keyof EngineNames;

/** GET /api/config as the server's response schema declares it. */
export type AppConfig = PublicConfig;

export const APP_CONFIG_QUERY_KEY = keyOf(siteApi.config);

/** What the screens read of GET /api/config's query. */
export type AppConfigQuery = { data: AppConfig | undefined; isPending: boolean; isError: boolean };

const AS_THE_HTML: AppConfigQuery = { data: undefined, isPending: true, isError: false };

/**
 * GET /api/config. The public pages' HTML is written at build time, with no config: while React takes
 * such a page over (lib/hydration.ts), what reads the config starts without it, however early it
 * answered (a fast server, a slow phone: the privacy schedule or the footer's offline note would
 * otherwise differ from the HTML, and React would throw the page's HTML away), and gets it one render later.
 */
export function useAppConfig(): AppConfigQuery {
  const query = useQuery(apiQuery(siteApi.config));
  return useHydrated() ? query : AS_THE_HTML;
}

const ENGINE_LABELS: Record<EngineName, string> = {
  training: 'training',
  hosting: 'model hosting',
  images: 'image generation',
  vision: 'image analysis',
  payments: 'payments',
  mail: 'e-mail',
  storage: 'storage',
};

/** Engines running on the built-in stand-ins (docs/product/architecture.md: screens say so plainly). */
export function offlineEngines(config: AppConfig | undefined): string[] {
  if (!config?.engines) return [];
  return (Object.entries(config.engines) as [EngineName, string][])
    .filter(([, value]) => value === 'offline' || value === 'outbox')
    .map(([name]) => ENGINE_LABELS[name] ?? name);
}
