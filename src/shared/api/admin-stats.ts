import { dailyStatsQuerySchema, dailyStatsSchema } from '../schemas/admin-stats';
import { defineRoute } from './define';

/** The admin dashboard's charts (decision 040); admin-only like everything under /api/admin/. */
export const adminStatsApi = {
  daily: defineRoute({
    method: 'GET',
    path: '/api/admin/stats/daily',
    query: dailyStatsQuerySchema,
    response: { 200: dailyStatsSchema },
  }),
};
