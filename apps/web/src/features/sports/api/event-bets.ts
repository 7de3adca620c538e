import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BetRow } from '@khel/contract';
import { apiRequest, shouldRetry, type ApiEnvelope } from '../../../lib/api-client';

const OPEN: readonly string[] = ['pending', 'unmatched', 'matched'];
/** Settled bets the event page keeps (issue 31); a cancelled or lapsed offer never had a stake at risk. */
const DECIDED: readonly string[] = ['settled', 'voided'];

async function betsOf(eventId: string, status: 'open' | 'settled'): Promise<BetRow[]> {
  const envelope = await apiRequest<BetRow[]>('/my-bets', {
    query: { status, eventId },
    quietStatuses: [404, 501],
    warningToast: false,
  });
  if (envelope.meta.code !== 200 || !Array.isArray(envelope.data)) return [];
  const kept = status === 'open' ? OPEN : DECIDED;
  return envelope.data.filter((bet) => bet.eventId?._id === eventId && kept.includes(bet.status));
}

/**
 * The player's bets on one event from GET /api/v1/my-bets?eventId=: the open ones (pending, unmatched,
 * matched), then the settled and voided ones, which stay after their market settles (issue 31).
 */
export async function getEventBets(eventId: string): Promise<BetRow[]> {
  const [open, settled] = await Promise.all([betsOf(eventId, 'open'), betsOf(eventId, 'settled')]);
  return [...open, ...settled];
}

/** Under the my-bets key, so every `bet` message on the socket refreshes it (useLiveAccount). */
export function useEventBets(eventId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['my-bets', 'event', eventId],
    queryFn: () => getEventBets(eventId),
    enabled,
    retry: shouldRetry,
  });
}

export type CancelTarget = { betId: string } | { marketId: string };

/** POST /api/v1/cancel-bet (one offer) or /api/v1/cancel-market-bets (every unmatched offer on a market). */
export function useCancelFromEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: CancelTarget): Promise<ApiEnvelope<unknown>> =>
      'betId' in target
        ? apiRequest('/cancel-bet', { method: 'POST', body: { betId: target.betId } })
        : apiRequest('/cancel-market-bets', { method: 'POST', body: { marketId: target.marketId } }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['my-bets'] });
      void queryClient.invalidateQueries({ queryKey: ['userData'] });
    },
  });
}
