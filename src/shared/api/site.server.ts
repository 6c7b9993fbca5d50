import { healthSchema, publicConfigSchema, readySchema } from '../schemas/system';
import { themeResponseSchema, themeUpdateSchema } from '../schemas/theme';
import { referralOverviewSchema } from '../schemas/tokens';
import { noContentSchema, vitalBeaconSchema } from '../schemas/vitals';
import { serverSide } from './define';

/** The server's half of `siteApi`: who may call each route, what it validates and answers. */
export const siteServer = serverSide({
  config: { guard: 'public', response: { 200: publicConfigSchema } },
  theme: { guard: 'public', response: { 200: themeResponseSchema } },
  updateTheme: { guard: 'admin', body: themeUpdateSchema, response: { 200: themeResponseSchema } },
  health: { guard: 'public', response: { 200: healthSchema, 503: healthSchema } },
  ready: { guard: 'public', response: { 200: readySchema, 503: readySchema } },
  vitals: { guard: 'public', body: vitalBeaconSchema, response: { 204: noContentSchema } },
  referrals: { guard: 'user', response: { 200: referralOverviewSchema } },
});
