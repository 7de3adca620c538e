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

/**
 * One query per amount; a submit that finds the first list still loading awaits this same query. (A plain
 * object, not `queryOptions`: that helper would be the first use of it in the first load's framework chunk.)
 */
export function receivingAccountsQuery(amount: number | undefined) {
  return {
    queryKey: ['receiving-accounts', amount ?? null],
    queryFn: () => getReceivingAccounts(amount),
    staleTime: 60_000,
  };
}

export function useReceivingAccounts(amount: number | undefined) {
  return useQuery({
    ...receivingAccountsQuery(amount),
    // Keep the last QR on screen while the one with the new amount loads.
    placeholderData: keepPreviousData,
  });
}
