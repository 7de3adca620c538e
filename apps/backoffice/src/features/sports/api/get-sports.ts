import { useQuery } from '@tanstack/react-query';
import type { Sport } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';
import { sportsQueryKeys } from './keys';

/** Sports with their leagues and the number of events (and live events) in each. */
export async function getSports(signal?: AbortSignal): Promise<Sport[]> {
  return (await apiRequest<Sport[]>('/sports', signal ? { signal } : {})).data;
}

export function useSports() {
  return useQuery({
    queryKey: sportsQueryKeys.tree,
    queryFn: ({ signal }) => getSports(signal),
    refetchInterval: 30_000,
  });
}
