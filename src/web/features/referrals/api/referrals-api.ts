import { useQuery } from '@tanstack/react-query';
import type { ReferralOverview } from '@shared/schemas/tokens';

/** Keys are the URLs the default query function fetches (src/web/lib/api.ts). */
export const referralKeys = { overview: ['/api/referrals'] as const };

export function useReferrals() {
  return useQuery<ReferralOverview>({ queryKey: referralKeys.overview, staleTime: 0 });
}
