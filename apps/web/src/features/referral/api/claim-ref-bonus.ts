import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BONUS_MESSAGES } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';

export interface RefClaim {
  claimed: number;
  refBonus: number;
  balance: number;
}

/**
 * PUT /api/v1/claim-ref-bonus with an Idempotency-Key: moves the whole referral balance to the main
 * wallet in one journal transaction; a retry with the same key never pays twice.
 */
export async function claimRefBonus(idempotencyKey: string) {
  return apiRequest<RefClaim>('/claim-ref-bonus', {
    method: 'PUT',
    body: {},
    headers: { 'Idempotency-Key': idempotencyKey },
    successToast: BONUS_MESSAGES.refClaimed,
  });
}

export function useClaimRefBonus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimRefBonus,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['referral'] });
      void queryClient.invalidateQueries({ queryKey: ['userData'] });
    },
  });
}
