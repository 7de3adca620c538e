import type { BetRow } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/v1/bet-sport-byMarket?marketId= (spec §7): the caller's bets on one market, quietly. */
export async function getBetsByMarket(marketId: string): Promise<BetRow[]> {
  const envelope = await apiRequest<BetRow[]>('/bet-sport-byMarket', { query: { marketId }, warningToast: false });
  return envelope.meta.code === 200 && Array.isArray(envelope.data) ? envelope.data : [];
}
