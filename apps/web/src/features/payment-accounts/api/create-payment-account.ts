import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentAccount, PaymentAccountCreate } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';
import { paymentAccountsQueryKey } from './get-payment-accounts';

/**
 * POST /api/v1/account-details. The success toast is the server's meta.message, which is the spec's
 * wording ('Your UPI has been added', 'Bank Account has been added').
 */
export async function createPaymentAccount(body: PaymentAccountCreate) {
  return apiRequest<PaymentAccount>('/account-details', { method: 'POST', body });
}

export function useCreatePaymentAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPaymentAccount,
    onSuccess: (envelope) => {
      if (envelope.meta.code === 200) void queryClient.invalidateQueries({ queryKey: paymentAccountsQueryKey });
    },
  });
}
