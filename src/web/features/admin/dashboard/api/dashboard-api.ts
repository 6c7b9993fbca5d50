import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminApi } from '@shared/api/admin';
import { adminStatsApi } from '@shared/api/admin-stats';
import type { StatsPeriod } from '@shared/constants';
import { apiQuery } from '@web/lib/api-client';

export const useAdminStats = () => useQuery(apiQuery(adminApi.stats));
export const useImageCount = () => useQuery(apiQuery(adminApi.imageCount));
export const useLedgerCheck = () => useQuery(apiQuery(adminApi.ledgerCheck));

/** The dashboard charts' figures per UTC day; the last period stays on screen while the next loads. */
export const useDailyStats = (days: StatsPeriod) =>
  useQuery({
    ...apiQuery(adminStatsApi.daily, { query: { days } }),
    placeholderData: keepPreviousData,
  });
