import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BetRow } from '@khel/contract';
import { apiRequest, type ApiEnvelope } from '../../../lib/api-client';

/** POST /api/v1/cancel-bet { betId }: cancels the unmatched part of an exchange bet; answers the bet. */
export async function cancelBet(betId: string): Promise<ApiEnvelope<BetRow>> {
  return apiRequest<BetRow>('/cancel-bet', { method: 'POST', body: { betId } });
}

export function useCancelBet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBet,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['my-bets'] });
      void queryClient.invalidateQueries({ queryKey: ['userData'] });
    },
  });
}
