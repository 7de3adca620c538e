import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BetListStatus, ReportBetPage } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';
import type { DateRange } from './keys';
import { reportKeys } from './keys';

export interface BetListFilters extends DateRange {
  player?: string | undefined;
  marketId?: string | undefined;
  minStake?: string | undefined;
  maxStake?: string | undefined;
  status?: BetListStatus | undefined;
  page: number;
  pageSize: number;
}

/** GET /backoffice/reports/bets: the risk manager's bet list. */
export async function getBets(filters: BetListFilters): Promise<ReportBetPage> {
  return (await apiRequest<ReportBetPage>('/backoffice/reports/bets', { query: { ...filters } })).data;
}

export function useBets(filters: BetListFilters) {
  return useQuery({
    queryKey: reportKeys.bets(filters),
    queryFn: () => getBets(filters),
    placeholderData: keepPreviousData,
  });
}
