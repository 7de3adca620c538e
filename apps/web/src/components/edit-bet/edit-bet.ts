import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BetRow, EditBet } from '@khel/contract';
import { apiRequest, type ApiEnvelope } from '../../lib/api-client';

/**
 * POST /api/v1/edit-bet (decision 0067) with an Idempotency-Key per attempt: new odds move the
 * unmatched part to a new bet (answered), a lower stake keeps the bet's place in the queue.
 */
export async function editBet(body: EditBet, idempotencyKey: string): Promise<ApiEnvelope<BetRow>> {
  return apiRequest<BetRow>('/edit-bet', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useEditBet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: EditBet; key: string }) => editBet(body, key),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['my-bets'] });
      void queryClient.invalidateQueries({ queryKey: ['userData'] });
    },
  });
}
