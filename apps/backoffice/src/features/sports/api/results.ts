import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { writeAnswer } from '@khel/web-kit';
import type { Market, PendingResult, SportsDeskSettings } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { sportsQueryKeys, useRefreshSports } from './keys';

/** Results waiting for a second operator (maker-checker, issue 9): refreshed as the desk works. */
export const PENDING_RESULTS_REFRESH_MS = 5_000;
const pendingKey = [...sportsQueryKeys.all, 'pending-results'] as const;
const settingsKey = ['sports-desk-settings'] as const;

export function usePendingResults() {
  return useQuery({
    queryKey: pendingKey,
    queryFn: async ({ signal }) => (await apiRequest<PendingResult[]>('/backoffice/results/pending', { signal })).data,
    refetchInterval: PENDING_RESULTS_REFRESH_MS,
  });
}

const resultPath = (marketId: string, action: 'confirm' | 'reject') =>
  `/backoffice/markets/${encodeURIComponent(marketId)}/result/${action}`;

export function useConfirmResult() {
  const refresh = useRefreshSports();
  return useMutation({
    mutationFn: async (marketId: string) =>
      (await apiRequest<Market>(resultPath(marketId, 'confirm'), { method: 'POST' })).message,
    onSuccess: (message) => toast.success(message || 'Result confirmed'),
    onSettled: () => refresh({ money: true }),
  });
}

export function useRejectResult() {
  const refresh = useRefreshSports();
  return useMutation({
    mutationFn: async ({ marketId, reason }: { marketId: string; reason: string }) =>
      (await apiRequest<Market>(resultPath(marketId, 'reject'), { method: 'POST', body: { reason } })).message,
    onSuccess: (message) => toast.success(message || 'Result rejected'),
    onSettled: () => refresh(),
  });
}

export function useDeskSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: async ({ signal }) =>
      (await apiRequest<SportsDeskSettings>('/backoffice/sports-desk/settings', { signal })).data,
  });
}

export function useUpdateDeskSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SportsDeskSettings) => {
      const { data, message } = await apiRequest<SportsDeskSettings>('/backoffice/sports-desk/settings', {
        method: 'PUT',
        body,
      });
      return { data, message };
    },
    onSuccess: async ({ data, message }) => {
      await writeAnswer(queryClient, settingsKey, data);
      toast.success(message || 'Settings saved');
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['audit-log'] }),
  });
}
