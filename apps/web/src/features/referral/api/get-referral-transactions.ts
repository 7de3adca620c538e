import { useQuery } from '@tanstack/react-query';
import type { ReferralTransaction } from '@khel/contract';
import { apiRequest, unwrap } from '../../../lib/api-client';

/** GET /api/v1/get-refferal-transactions: every movement of the referral account, newest first. */
export async function getReferralTransactions(): Promise<ReferralTransaction[]> {
  const rows = unwrap(await apiRequest<ReferralTransaction[]>('/get-refferal-transactions'));
  return [...rows].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

export function useReferralTransactions() {
  return useQuery({ queryKey: ['referral', 'transactions'], queryFn: getReferralTransactions });
}
