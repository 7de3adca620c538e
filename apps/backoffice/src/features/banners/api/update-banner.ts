import { useMutation, useQueryClient } from '@tanstack/react-query';
import { writeAnswer } from '@khel/web-kit';
import type { Banner } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { bannersQueryKey } from './get-banners';

/** The whole order, first to last, in one call: one transaction and one audit entry on the server. */
export async function reorderBanners(ids: string[]): Promise<Banner[]> {
  const { data } = await apiRequest<Banner[]>('/backoffice/banners/order', { method: 'PUT', body: { ids } });
  return [...data].sort((a, b) => a.order - b.order);
}

/**
 * The ids in their new order after moving one banner a step up (-1) or down (1); null when the move
 * goes past either end or the banner is unknown.
 */
export function moveBanner(banners: readonly Banner[], id: string, direction: -1 | 1): string[] | null {
  const ids = banners.map((banner) => banner._id);
  const from = ids.indexOf(id);
  const to = from + direction;
  if (from < 0 || to < 0 || to >= ids.length) return null;
  ids.splice(from, 1);
  ids.splice(to, 0, id);
  return ids;
}

export function useReorderBanners() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderBanners,
    onSuccess: async (banners) => {
      await writeAnswer(queryClient, bannersQueryKey, banners);
      toast.success('Banner order saved');
    },
    // Refresh whatever happened: a refused (stale) order must show the server's current one.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: bannersQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['audit-log'] });
    },
  });
}
