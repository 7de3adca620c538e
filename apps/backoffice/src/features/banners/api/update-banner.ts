import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Banner } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { bannersQueryKey } from './get-banners';

export async function updateBanner(id: string, order: number): Promise<Banner> {
  return (await apiRequest<Banner>(`/backoffice/banners/${encodeURIComponent(id)}`, { method: 'PUT', body: { order } })).data;
}

/**
 * Moves one banner and renumbers the list 0…n-1, sending only the banners whose order changed.
 * Renumbering (rather than swapping two values) also untangles banners that share an order.
 */
export function reorderPlan(banners: readonly Banner[], id: string, direction: -1 | 1): { id: string; order: number }[] {
  const list = [...banners];
  const from = list.findIndex((banner) => banner._id === id);
  const to = from + direction;
  if (from < 0 || to < 0 || to >= list.length) return [];
  const [moved] = list.splice(from, 1);
  if (moved === undefined) return [];
  list.splice(to, 0, moved);
  return list.map((banner, index) => ({ id: banner._id, order: index, before: banner.order })).filter((item) => item.order !== item.before).map(({ id: bannerId, order }) => ({ id: bannerId, order }));
}

export function useReorderBanners() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (plan: { id: string; order: number }[]) => {
      for (const item of plan) await updateBanner(item.id, item.order);
    },
    // Refresh whatever happened, a half-applied plan included, so the screen shows the server's order.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: bannersQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['audit-log'] });
    },
    onSuccess: () => toast.success('Banner order saved'),
  });
}
