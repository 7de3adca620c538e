import { useQuery } from '@tanstack/react-query';
import type { CasinoBet } from '@khel/contract';
import { apiRequest, shouldRetry, unwrap } from '../../../lib/api-client';

export const CASINO_BETS_KEY = 'casino-bets';

/**
 * GET /api/v1/casino-bets-by-date?provider=&date= (spec §7): the player's rounds of one India date,
 * every provider when `provider` is empty.
 */
export async function getCasinoBets(
  filter: { provider: string; date: string },
  signal?: AbortSignal,
): Promise<CasinoBet[]> {
  const envelope = await apiRequest<CasinoBet[]>('/casino-bets-by-date', {
    query: { provider: filter.provider === '' ? undefined : filter.provider, date: filter.date },
    ...(signal ? { signal } : {}),
  });
  return unwrap(envelope);
}

export function useCasinoBets(filter: { provider: string; date: string }) {
  return useQuery({
    queryKey: [CASINO_BETS_KEY, filter.provider, filter.date],
    queryFn: ({ signal }) => getCasinoBets(filter, signal),
    retry: shouldRetry,
  });
}
