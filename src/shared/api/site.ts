import type { siteServer } from './site.server';
import { endpoints } from './define';

/** Site-wide reads every page may need: configuration, theme, health; and the referral overview. */
export const siteApi = endpoints<typeof siteServer>()({
  config: { method: 'GET', path: '/api/config' },
  theme: { method: 'GET', path: '/api/theme' },
  updateTheme: { method: 'POST', path: '/api/theme/update' },
  health: { method: 'GET', path: '/api/healthz' },
  ready: { method: 'GET', path: '/api/readyz' },
  /** a browser's Web Vitals beacon (sendBeacon): anyone, rate-limited per address (decision 057) */
  vitals: { method: 'POST', path: '/api/vitals' },
  referrals: { method: 'GET', path: '/api/referrals' },
});
