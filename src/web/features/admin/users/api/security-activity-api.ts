import { useQuery } from '@tanstack/react-query';
import { twoFactorApi } from '@shared/api/two-factor';
import { apiQuery } from '@web/lib/api-client';

/** One user's security activity, for the admin's user view (docs/decisions/056-second-factor.md). */
export function useUserSecurityActivity(userId: string) {
  return useQuery({ ...apiQuery(twoFactorApi.adminActivity, { params: { id: userId } }), staleTime: 0 });
}
