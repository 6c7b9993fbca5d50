import { dailyStatsQuerySchema, dailyStatsSchema } from '../schemas/admin-stats';
import { serverSide } from './define';

/** The server's half of `adminStatsApi`: who may call each route, what it validates and answers. */
export const adminStatsServer = serverSide({
  daily: { guard: 'admin', query: dailyStatsQuerySchema, response: { 200: dailyStatsSchema } },
});
