import type { adminStatsServer } from './admin-stats.server';
import { endpoints } from './define';

/** The admin dashboard's charts (decision 040); admin-only like everything under /api/admin/. */
export const adminStatsApi = endpoints<typeof adminStatsServer>()({
  daily: { method: 'GET', path: '/api/admin/stats/daily' },
});
