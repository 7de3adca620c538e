import { useEffect } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { WALLETS, type CashOut, type CashOutQuote, type MarketPosition, type BetRow } from '@khel/contract';
import { apiRequest, unwrap, type ApiEnvelope } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth/session';
import { liveClient } from '../../../lib/live/live-client';

const positionsKey = (eventId: string) => ['event-positions', eventId] as const;

/** GET /api/v1/event-positions?eventId=: the player's figures on every market of the event (server-computed). */
export async function getEventPositions(eventId: string): Promise<MarketPosition[]> {
  return unwrap(await apiRequest<MarketPosition[]>('/event-positions', { query: { eventId }, warningToast: false }));
}

/** How many `positions` messages each market has had: a read keeps what was pushed while it was out. */
const pushesByMarket = new Map<string, number>();

/**
 * The event's positions as read, except a market whose position was pushed while the read was out: the
 * read may have been answered before that push's commit, so the pushed entry stays (a later change pushes
 * again). Without this a slow read took a market back to its figures before the last fill or settlement.
 */
async function readEventPositions(queryClient: QueryClient, eventId: string): Promise<MarketPosition[]> {
  const sent = new Map(pushesByMarket);
  const read = await getEventPositions(eventId);
  const pushed = new Set([...pushesByMarket].filter(([id, count]) => sent.get(id) !== count).map(([id]) => id));
  if (pushed.size === 0) return read;
  const current = queryClient.getQueryData<MarketPosition[]>(positionsKey(eventId)) ?? [];
  return [
    ...read.filter((position) => !pushed.has(position.marketId)),
    ...current.filter((position) => pushed.has(position.marketId)),
  ];
}

/**
 * The event's positions for the signed-in player, kept live: a `positions` message on the player's
 * socket replaces that market's entry (the server pushes after every fill, cancel, lapse and settlement).
 */
export function useEventPositions(eventId: string, marketIds: readonly string[]) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const signedIn = user !== null;
  const marketKey = marketIds.join(',');
  useEffect(() => {
    if (!signedIn) return undefined;
    const mine = new Set(marketKey.split(','));
    return liveClient.onMessage((message) => {
      if (message.type !== 'positions' || !mine.has(message.marketId)) return;
      pushesByMarket.set(message.marketId, (pushesByMarket.get(message.marketId) ?? 0) + 1);
      queryClient.setQueryData<MarketPosition[]>(positionsKey(eventId), (previous) => [
        ...(previous ?? []).filter((position) => position.marketId !== message.marketId),
        ...message.positions,
      ]);
    });
  }, [eventId, marketKey, signedIn, queryClient]);
  return useQuery({
    queryKey: positionsKey(eventId),
    queryFn: () => readEventPositions(queryClient, eventId),
    enabled: signedIn,
    staleTime: 30_000,
  });
}

/** The position on one market for the wallet the player bets from now, or null. */
export function useMarketPosition(eventId: string, marketId: string): MarketPosition | null {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: positionsKey(eventId),
    queryFn: () => readEventPositions(queryClient, eventId),
    enabled: user !== null,
    staleTime: 30_000,
  });
  const wallet = user?.wallet === WALLETS.BONUS ? 'bonus' : 'main';
  return query.data?.find((position) => position.marketId === marketId && position.wallet === wallet) ?? null;
}

export function invalidatePositions(queryClient: ReturnType<typeof useQueryClient>, eventId: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: positionsKey(eventId) });
}

/**
 * GET /api/v1/cash-out-quote: what cashing out gives now, refreshed while the player looks at it. Within
 * one opening of the panel (`opening`), a new market version keeps showing the last value of the same
 * share until the new one arrives (the server re-checks it anyway); another share, or the panel opened
 * again (the position may have changed: a cash out, a bet), never shows an earlier value: it would be
 * confirmed for the wrong share or position and refused.
 */
export function useCashOutQuote(marketId: string, opening: number, percent: number, version: number, enabled: boolean) {
  return useQuery({
    queryKey: ['cash-out-quote', marketId, opening, percent, version],
    queryFn: async () =>
      unwrap(
        await apiRequest<CashOutQuote>('/cash-out-quote', {
          query: { marketId, percent: String(percent) },
          warningToast: false,
        }),
      ),
    enabled,
    refetchInterval: enabled ? 2_000 : false,
    placeholderData: (previous, previousQuery) => {
      const [, market, previousOpening, previousPercent] = previousQuery?.queryKey ?? [];
      return market === marketId && previousOpening === opening && previousPercent === percent ? previous : undefined;
    },
    gcTime: 0,
  });
}

/** POST /api/v1/cash-out with its Idempotency-Key; the envelope's meta.error says why it was refused (ODDS_CHANGED, …). */
export async function postCashOut(
  body: CashOut,
  idempotencyKey: string,
): Promise<ApiEnvelope<{ marketId: string; value: number; bets: BetRow[] }>> {
  return apiRequest('/cash-out', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } });
}
