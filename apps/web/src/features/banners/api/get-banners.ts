import { useQuery } from '@tanstack/react-query';
import type { Banner } from '@khel/contract';
import { apiRequest, shouldRetry, unwrap } from '../../../lib/api-client';
import { bootData } from '../../../lib/boot-data';

/** GET /api/v1/advertisement (public): the Home banners, sorted by order (spec §7). */
export async function getBanners(): Promise<Banner[]> {
  const banners = unwrap(await apiRequest<Banner[]>('/advertisement'));
  return [...banners].sort((a, b) => a.order - b.order);
}

export function useBanners() {
  return useQuery({
    queryKey: ['advertisement'],
    queryFn: getBanners,
    // Inlined into index.html by the server with a preload of the first image (ADR 0024).
    initialData: () => {
      const banners = bootData().banners;
      return banners === undefined ? undefined : [...banners].sort((a, b) => a.order - b.order);
    },
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
    retry: shouldRetry,
  });
}
