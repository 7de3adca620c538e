import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CasinoPnlGroup, PnlReport, SportsPnlGroup } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';
import type { DateRange } from './keys';
import { reportKeys } from './keys';

export type PnlQuery = DateRange &
  ({ product: 'sports'; groupBy: SportsPnlGroup } | { product: 'casino'; groupBy: CasinoPnlGroup });

/** GET /backoffice/reports/sports-pnl | casino-pnl: the house's P&L grouped as asked. */
export async function getPnl({ product, ...query }: PnlQuery): Promise<PnlReport> {
  return (await apiRequest<PnlReport>(`/backoffice/reports/${product}-pnl`, { query })).data;
}

export function usePnl(query: PnlQuery) {
  return useQuery({
    queryKey: reportKeys.pnl(query.product, query),
    queryFn: () => getPnl(query),
    placeholderData: keepPreviousData,
  });
}
