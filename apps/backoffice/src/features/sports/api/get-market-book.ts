import { useQuery } from '@tanstack/react-query';
import type { marketBookSchema } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';
import { sportsQueryKeys } from './keys';

export type MarketBook = ReturnType<typeof marketBookSchema.parse>;
export type BookBet = MarketBook['bets'][number];

export async function getMarketBook(marketId: string, signal?: AbortSignal): Promise<MarketBook> {
  return (
    await apiRequest<MarketBook>(`/backoffice/markets/${encodeURIComponent(marketId)}/book`, signal ? { signal } : {})
  ).data;
}

/** Bets arrive and prices move while a market trades: refreshed every 3 s until it is settled or voided. */
export const BOOK_REFRESH_MS = 3_000;

export function useMarketBook(marketId: string) {
  return useQuery({
    queryKey: sportsQueryKeys.book(marketId),
    queryFn: ({ signal }) => getMarketBook(marketId, signal),
    refetchInterval: (query) => {
      const status = query.state.data?.market.status;
      return status === 'settled' || status === 'voided' ? false : BOOK_REFRESH_MS;
    },
  });
}
