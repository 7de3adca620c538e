import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminAccount } from '@khel/contract';
import { apiRequest, unwrap } from '../../../lib/api-client';

/**
 * GET /api/v1/admin-account-details?amount=: the operator's receiving accounts. With an amount the UPI
 * accounts' QR and upi://pay link carry it, so the player's UPI app opens with the sum filled in.
 */
export async function getReceivingAccounts(amount: number | undefined): Promise<AdminAccount[]> {
  const envelope = await apiRequest<AdminAccount[]>('/admin-account-details', { query: { amount } });
  return unwrap(envelope).filter((account) => account.active);
}

export function useReceivingAccounts(amount: number | undefined) {
  return useQuery({
    queryKey: ['receiving-accounts', amount ?? null],
    queryFn: () => getReceivingAccounts(amount),
    // Keep the last QR on screen while the one with the new amount loads.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
