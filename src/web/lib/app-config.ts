import { useQuery } from '@tanstack/react-query';
import { siteApi } from '@shared/api/site';
import { apiQuery, keyOf } from './api-client';
import type { EngineNames, PublicConfig } from '../../shared/schemas/system';

export type EngineName = keyof EngineNames;

/** GET /api/config as the server's response schema declares it. */
export type AppConfig = PublicConfig;

export const APP_CONFIG_QUERY_KEY = keyOf(siteApi.config);

export function useAppConfig() {
  return useQuery(apiQuery(siteApi.config));
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
