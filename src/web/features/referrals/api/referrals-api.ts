import { useQuery } from '@tanstack/react-query';
import { siteApi } from '@shared/api/site';
import { apiQuery, keyOf } from '@web/lib/api-client';

export const referralKeys = { overview: keyOf(siteApi.referrals) };

export function useReferrals() {
  return useQuery({ ...apiQuery(siteApi.referrals), staleTime: 0 });
}
