import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Deposit, DepositCreate } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/v1/admin-deposit-request with an Idempotency-Key (PRODUCT.md §4): the same key is sent
 * again for a retry of the same submission, so a lost answer never makes two deposits. A non-200 answer
 * (duplicate reference id, deposit limit, unsupported image) gets the API client's warning toast with
 * meta.message like every other call; the modal itself adds nothing and stays open (spec §8).
 */
export async function createDeposit({ body, idempotencyKey }: { body: DepositCreate; idempotencyKey: string }) {
  return apiRequest<Deposit>('/admin-deposit-request', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useCreateDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDeposit,
    onSuccess: (envelope) => {
      if (envelope.meta.code !== 200) return;
      void queryClient.invalidateQueries({ queryKey: ['deposits'] });
      void queryClient.invalidateQueries({ queryKey: ['deposit-limits'] });
      // The header balance (spec §3) comes from the profile.
      void queryClient.invalidateQueries({ queryKey: ['userData'] });
    },
  });
}
