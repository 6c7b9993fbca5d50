import { dailyStatsQuerySchema, dailyStatsSchema } from '../schemas/admin-stats';
import { contractOf, serverSide } from './define';
import { adminStatsApi } from './admin-stats';

/** The server's half of `adminStatsApi`: who may call each route, what it validates and answers. */
export const adminStatsServer = serverSide({
  daily: { guard: 'admin', query: dailyStatsQuerySchema, response: { 200: dailyStatsSchema } },
});

/** `adminStatsApi` with its server side: what the server registers (src/server/http/route.ts). */
export const adminStatsContract = contractOf(adminStatsApi, adminStatsServer);
