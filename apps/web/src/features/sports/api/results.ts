import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EventResults } from '@khel/contract';
import { apiRequest, unwrap } from '../../../lib/api-client';

/** GET /api/v1/results?date=: the markets settled or voided on one India day, by event (issue 31). */
export function useResults(date: string) {
  return useQuery({
    queryKey: ['results', date],
    queryFn: async () => unwrap(await apiRequest<EventResults[]>('/results', { query: { date } })),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}
