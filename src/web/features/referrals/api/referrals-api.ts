import { useQuery } from '@tanstack/react-query';
import type { ReferralOverview } from '@shared/schemas/tokens';

export function useReferrals() {
  return useQuery<ReferralOverview>({ queryKey: ['/api/referrals'], staleTime: 0 });
}
