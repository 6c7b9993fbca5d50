import { useQuery } from '@tanstack/react-query';
import { adminApi } from '@shared/api/admin';
import { apiQuery } from '@web/lib/api-client';

/** The operator's view; refreshed while the tab is open, since workers come and go. */
export const useAdminSystem = () => useQuery({ ...apiQuery(adminApi.system), refetchInterval: 15_000 });
/** p75 of each Web Vital per page over the last `hours` (decision 057). */
export const useAdminVitals = (hours: number) => useQuery(apiQuery(adminApi.vitals, { query: { hours } }));
