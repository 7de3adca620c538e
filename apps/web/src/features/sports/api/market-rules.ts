import { useQuery } from '@tanstack/react-query';
import type { MarketRules } from '@khel/contract';
import { apiRequest, unwrap } from '../../../lib/api-client';

/** GET /api/v1/markets/:marketId/rules: how the market settles, read when the player opens its Rules. */
export async function getMarketRules(marketId: string): Promise<MarketRules> {
  return unwrap(await apiRequest<MarketRules>(`/markets/${encodeURIComponent(marketId)}/rules`));
}

export function useMarketRules(marketId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['market-rules', marketId],
    queryFn: () => getMarketRules(marketId),
    enabled,
    // Rules change rarely (an operator's edit): read once per visit.
    staleTime: 10 * 60_000,
  });
}
