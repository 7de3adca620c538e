import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReportBetPage } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';
import type { DateRange } from './keys';
import { reportKeys } from './keys';

/** GET /backoffice/users/:id/open-bets | bet-history. */
export async function getPlayerBets(
  userId: string,
  kind: 'open' | 'history',
  query: DateRange & { page: number; pageSize: number },
): Promise<ReportBetPage> {
  const path = `/backoffice/users/${encodeURIComponent(userId)}/${kind === 'open' ? 'open-bets' : 'bet-history'}`;
  return (await apiRequest<ReportBetPage>(path, { query: { ...query } })).data;
}

export function usePlayerBets(
  userId: string,
  kind: 'open' | 'history',
  query: DateRange & { page: number; pageSize: number },
) {
  return useQuery({
    queryKey: reportKeys.playerBets(userId, kind, query),
    queryFn: () => getPlayerBets(userId, kind, query),
    placeholderData: keepPreviousData,
  });
}
