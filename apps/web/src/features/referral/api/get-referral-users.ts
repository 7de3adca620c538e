import { useQuery } from '@tanstack/react-query';
import type { ReferralUsers } from '@khel/contract';
import { apiRequest, unwrap } from '../../../lib/api-client';

/** GET /api/v1/get-refferal-users (the specification's spelling): code, share path, totals, referred players. */
export async function getReferralUsers(): Promise<ReferralUsers> {
  return unwrap(await apiRequest<ReferralUsers>('/get-refferal-users'));
}

export function useReferralUsers() {
  return useQuery({ queryKey: ['referral', 'users'], queryFn: getReferralUsers });
}
