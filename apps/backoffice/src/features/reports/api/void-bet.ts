import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BetVoid } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { reportKeys } from './keys';

/**
 * POST /backoffice/bets/:id/void (decision 0055): voided at once, or declared for a second operator
 * while results need confirmation. A step-up code is asked by the api client when the server wants one.
 */
export function useVoidBet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ betId, reason }: { betId: string; reason: string }) =>
      apiRequest<BetVoid>(`/backoffice/bets/${encodeURIComponent(betId)}/void`, {
        method: 'POST',
        body: { reason },
      }),
    onSuccess: ({ message }) => toast.success(message || 'Bet void'),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: reportKeys.all }),
  });
}
