import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client';
import type { DateRange } from '../../../lib/dates';

/** A row of profitLossRowSchema (@khel/contract): sport/event/market for sports, provider for casino. */
export interface ProfitLossRow {
  key: string;
  group: 'sport' | 'casino';
  sport: string | null;
  event: string | null;
  market: string | null;
  provider: string | null;
  profitLoss: number;
  commission: number;
  count: number;
}

export interface ProfitLoss {
  rows: ProfitLossRow[];
  total: number;
}

/** GET /api/v1/profit-loss?start_date&end_date&isChecked: net result by sport/event/market and by casino provider. */
export async function getProfitLoss(range: DateRange, bonus: boolean): Promise<ProfitLoss> {
  const envelope = await apiRequest<ProfitLoss>('/profit-loss', {
    query: { start_date: range.start, end_date: range.end, isChecked: bonus },
  });
  return unwrap(envelope);
}

export function useProfitLoss(range: DateRange, bonus: boolean) {
  return useQuery({
    queryKey: ['profit-loss', range.start, range.end, bonus],
    queryFn: () => getProfitLoss(range, bonus),
    placeholderData: keepPreviousData,
  });
}
