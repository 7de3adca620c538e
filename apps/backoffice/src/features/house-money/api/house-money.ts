import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HouseMoneyDetail, HouseMoneyRequest } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';

export const houseMoneyKeys = {
  all: ['house-money'] as const,
  list: (status: HouseMoneyRequest['status']) => ['house-money', status] as const,
};

/** GET /backoffice/house-money: chips, credit and settlements from the house waiting for a second operator. */
export async function getHouseMoney(
  status: HouseMoneyRequest['status'],
): Promise<{ items: HouseMoneyRequest[]; total: number }> {
  return (
    await apiRequest<{ items: HouseMoneyRequest[]; total: number }>('/backoffice/house-money', {
      query: { status, pageSize: 100 },
    })
  ).data;
}

export function useHouseMoney(status: HouseMoneyRequest['status'], enabled = true) {
  return useQuery({
    queryKey: houseMoneyKeys.list(status),
    queryFn: () => getHouseMoney(status),
    enabled,
    refetchInterval: status === 'pending' ? 15_000 : false,
  });
}

/** GET /backoffice/house-money/:id: one request with what its second approver should see beside it. */
export async function getHouseMoneyDetail(id: string): Promise<HouseMoneyDetail> {
  return (await apiRequest<HouseMoneyDetail>(`/backoffice/house-money/${encodeURIComponent(id)}`)).data;
}

export function useHouseMoneyDetail(id: string | null) {
  return useQuery({
    queryKey: ['approval-context', 'house-money', id],
    queryFn: () => getHouseMoneyDetail(id as string),
    enabled: id !== null,
  });
}

/** How many requests wait, for the sidebar. */
export function usePendingHouseMoneyCount(enabled: boolean) {
  return useQuery({
    queryKey: [...houseMoneyKeys.list('pending'), 'count'],
    queryFn: async () =>
      (
        await apiRequest<{ items: HouseMoneyRequest[]; total: number }>('/backoffice/house-money', {
          query: { status: 'pending', pageSize: 1 },
        })
      ).data.total,
    enabled,
    refetchInterval: 30_000,
  });
}

/** POST /backoffice/house-money/:id/approve | reject: the second operator's decision. */
export async function decideHouseMoney(
  decision: { id: string; approve: true } | { id: string; approve: false; reason: string },
): Promise<{ request: HouseMoneyRequest; message: string }> {
  const path = `/backoffice/house-money/${encodeURIComponent(decision.id)}/${decision.approve ? 'approve' : 'reject'}`;
  const { data, message } = await apiRequest<HouseMoneyRequest>(path, {
    method: 'POST',
    ...(decision.approve ? {} : { body: { reason: decision.reason } }),
  });
  return { request: data, message };
}

export function useDecideHouseMoney() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideHouseMoney,
    onSuccess: ({ message }) => toast.success(message),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: houseMoneyKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['account-money'] });
      void queryClient.invalidateQueries({ queryKey: ['approval-context'] });
      void queryClient.invalidateQueries({ queryKey: ['audit-log'] });
    },
  });
}
