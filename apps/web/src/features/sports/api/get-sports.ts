import { useQuery } from '@tanstack/react-query';
import type { Sport } from '@khel/contract';
import { apiRequest, unwrap } from '../../../lib/api-client';

/** GET /api/v1/sports: sports with their leagues and event / in-play counts (PRODUCT.md §3). */
export async function getSports(): Promise<Sport[]> {
  return unwrap(await apiRequest<Sport[]>('/sports'));
}

export function useSports() {
  return useQuery({ queryKey: ['sports'], queryFn: getSports, staleTime: 30_000, refetchInterval: 60_000 });
}
