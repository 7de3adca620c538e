import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Banner } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { bannersQueryKey } from './get-banners';

export async function createBanner(body: { baseImage: string; order: number }): Promise<Banner> {
  return (await apiRequest<Banner>('/backoffice/banners', { method: 'POST', body })).data;
}

export function useCreateBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBanner,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: bannersQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['audit-log'] });
      toast.success('Banner added');
    },
  });
}
