import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PlayersReport } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';
import type { DateRange } from './keys';
import { reportKeys } from './keys';

/** GET /backoffice/reports/players: active and new players by India day. */
export async function getPlayers(query: DateRange): Promise<PlayersReport> {
  return (await apiRequest<PlayersReport>('/backoffice/reports/players', { query: { ...query } })).data;
}

export function usePlayers(query: DateRange) {
  return useQuery({
    queryKey: reportKeys.players(query),
    queryFn: () => getPlayers(query),
    placeholderData: keepPreviousData,
  });
}
