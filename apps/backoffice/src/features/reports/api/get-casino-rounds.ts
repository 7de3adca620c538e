import { useQuery } from '@tanstack/react-query';
import type { CasinoRoundRow } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';
import type { DateRange } from './keys';
import { reportKeys } from './keys';

/** A client's casino rounds in the range, of one provider (party win/loss's drill-down, decision 0065). */
export function useUserCasinoRounds(userId: string, provider: string, range: DateRange) {
  return useQuery({
    queryKey: reportKeys.casinoRounds(userId, provider, range),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<CasinoRoundRow[]>(`/backoffice/users/${encodeURIComponent(userId)}/casino-rounds`, {
          query: { ...range, provider },
          signal,
        })
      ).data,
  });
}
