import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminStatsApi } from '@shared/api/admin-stats';
import type { StatsPeriod } from '@shared/constants';
import { apiQuery } from '@web/lib/api-client';

/** The dashboard charts' figures per UTC day; the last period stays on screen while the next loads. */
export const useDailyStats = (days: StatsPeriod) =>
  useQuery({
    ...apiQuery(adminStatsApi.daily, { query: { days } }),
    placeholderData: keepPreviousData,
  });
