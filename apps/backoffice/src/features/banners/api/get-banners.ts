import { useQuery } from '@tanstack/react-query';
import type { Banner } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';

export const bannersQueryKey = ['banners'] as const;

export async function getBanners(): Promise<Banner[]> {
  const { data } = await apiRequest<Banner[]>('/backoffice/banners');
  return [...data].sort((a, b) => a.order - b.order);
}

export function useBanners() {
  return useQuery({ queryKey: bannersQueryKey, queryFn: getBanners });
}
