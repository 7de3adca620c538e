import { useMutation } from '@tanstack/react-query';
import type { BetVoid } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useRefreshSports } from './keys';

/** What to void (decision 0055): one bet, or a player's bets on the market, optionally inside a time window. */
export type VoidTarget =
  | { kind: 'bet'; betId: string }
  | { kind: 'bulk'; marketId: string; userId: string; from?: string; to?: string };

/** POST /backoffice/bets/:id/void or /backoffice/bets/void; the api client asks for a step-up code when needed. */
export function useVoidBets() {
  const refresh = useRefreshSports();
  return useMutation({
    mutationFn: async ({ target, reason }: { target: VoidTarget; reason: string }) => {
      if (target.kind === 'bet')
        return apiRequest<BetVoid>(`/backoffice/bets/${encodeURIComponent(target.betId)}/void`, {
          method: 'POST',
          body: { reason },
        });
      const { kind: _kind, ...body } = target;
      return apiRequest<BetVoid>('/backoffice/bets/void', { method: 'POST', body: { ...body, reason } });
    },
    onSuccess: ({ message }) => toast.success(message || 'Bet void'),
    onSettled: () => refresh({ money: true }),
  });
}
