import { useQuery } from '@tanstack/react-query';
import type { PaymentAccount } from '@khel/contract';
import { apiRequest, unwrap } from '../../../lib/api-client';

export const paymentAccountsQueryKey = ['payment-accounts'] as const;

/** GET /api/v1/account-details: the player's saved UPI ids and bank accounts. */
export async function getPaymentAccounts(): Promise<PaymentAccount[]> {
  return unwrap(await apiRequest<PaymentAccount[]>('/account-details'));
}

export function usePaymentAccounts() {
  return useQuery({ queryKey: paymentAccountsQueryKey, queryFn: getPaymentAccounts });
}
