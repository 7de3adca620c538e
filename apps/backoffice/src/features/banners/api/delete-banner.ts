import { useMutation, useQueryClient } from '@tanstack/react-query';
import { writeAnswer } from '@khel/web-kit';
import type { Banner } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { bannersQueryKey } from './get-banners';

export async function deleteBanner(id: string): Promise<void> {
  await apiRequest<null>(`/backoffice/banners/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBanner,
    onSuccess: async (_result, id) => {
      await writeAnswer<Banner[]>(queryClient, bannersQueryKey, (list) => list?.filter((banner) => banner._id !== id));
      void queryClient.invalidateQueries({ queryKey: bannersQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['audit-log'] });
      toast.success('Banner removed');
    },
  });
}
