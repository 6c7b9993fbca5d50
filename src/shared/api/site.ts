import { healthSchema, publicConfigSchema, readySchema } from '../schemas/system';
import { themeResponseSchema, themeUpdateSchema } from '../schemas/theme';
import { referralOverviewSchema } from '../schemas/tokens';
import { noContentSchema, vitalBeaconSchema } from '../schemas/vitals';
import { defineRoute } from './define';

/** Site-wide reads every page may need: configuration, theme, health; and the referral overview. */
export const siteApi = {
  config: defineRoute({ method: 'GET', path: '/api/config', response: { 200: publicConfigSchema } }),
  theme: defineRoute({ method: 'GET', path: '/api/theme', response: { 200: themeResponseSchema } }),
  updateTheme: defineRoute({
    method: 'POST',
    path: '/api/theme/update',
    body: themeUpdateSchema,
    response: { 200: themeResponseSchema },
  }),
  health: defineRoute({
    method: 'GET',
    path: '/api/healthz',
    response: { 200: healthSchema, 503: healthSchema },
  }),
  ready: defineRoute({
    method: 'GET',
    path: '/api/readyz',
    response: { 200: readySchema, 503: readySchema },
  }),
  /** a browser's Web Vitals beacon (sendBeacon): anyone, rate-limited per address (decision 057) */
  vitals: defineRoute({
    method: 'POST',
    path: '/api/vitals',
    body: vitalBeaconSchema,
    response: { 204: noContentSchema },
  }),
  referrals: defineRoute({
    method: 'GET',
    path: '/api/referrals',
    response: { 200: referralOverviewSchema },
  }),
};
