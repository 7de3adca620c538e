import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentAccount, PaymentAccountUpdate } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';
import { paymentAccountsQueryKey } from './get-payment-accounts';

/** PUT /api/v1/account-details: the same fields plus accountId ('Your UPI has been updated', …). */
export async function updatePaymentAccount(body: PaymentAccountUpdate) {
  return apiRequest<PaymentAccount>('/account-details', { method: 'PUT', body });
}

export function useUpdatePaymentAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePaymentAccount,
    onSuccess: (envelope) => {
      if (envelope.meta.code === 200) void queryClient.invalidateQueries({ queryKey: paymentAccountsQueryKey });
    },
  });
}
