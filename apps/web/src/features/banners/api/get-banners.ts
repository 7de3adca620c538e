import { useQuery } from '@tanstack/react-query';
import type { Banner } from '@khel/contract';
import { apiRequest, shouldRetry, unwrap } from '../../../lib/api-client';

/** GET /api/v1/advertisement (public): the Home banners, sorted by order (spec §7). */
export async function getBanners(): Promise<Banner[]> {
  const banners = unwrap(await apiRequest<Banner[]>('/advertisement'));
  return [...banners].sort((a, b) => a.order - b.order);
}

export function useBanners() {
  return useQuery({ queryKey: ['advertisement'], queryFn: getBanners, staleTime: 5 * 60_000, refetchOnWindowFocus: false, retry: shouldRetry });
}
