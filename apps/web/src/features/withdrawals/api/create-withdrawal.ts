import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Withdrawal, WithdrawalCreate } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/v1/withdrawal-request { amount, accountId } with an Idempotency-Key: the amount is held at
 * once (the balance drops) until an operator pays or rejects it.
 */
export async function createWithdrawal({ body, idempotencyKey }: { body: WithdrawalCreate; idempotencyKey: string }) {
  return apiRequest<Withdrawal>('/withdrawal-request', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useCreateWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWithdrawal,
    onSuccess: (envelope) => {
      if (envelope.meta.code !== 200) return;
      void queryClient.invalidateQueries({ queryKey: ['withdrawals'] });
      void queryClient.invalidateQueries({ queryKey: ['userData'] });
    },
  });
}
