import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PartyPnl } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';
import type { DateRange } from './keys';
import { reportKeys } from './keys';

/**
 * Party win/loss (decision 0056): GET /backoffice/reports/party-pnl for the top of the caller's tree,
 * GET /backoffice/users/:id/party-pnl one level below an account.
 */
export async function getPartyPnl(parentId: string | null, range: DateRange): Promise<PartyPnl> {
  const path =
    parentId === null ? '/backoffice/reports/party-pnl' : `/backoffice/users/${encodeURIComponent(parentId)}/party-pnl`;
  return (await apiRequest<PartyPnl>(path, { query: { ...range } })).data;
}

export function usePartyPnl(parentId: string | null, range: DateRange) {
  return useQuery({
    queryKey: reportKeys.partyPnl(parentId, range),
    queryFn: () => getPartyPnl(parentId, range),
    placeholderData: keepPreviousData,
  });
}
