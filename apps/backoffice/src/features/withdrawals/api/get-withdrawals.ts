import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RequestStatus, Withdrawal } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';
import type { DeskPlayer } from '../../../components/money/desk-parts';

/** A withdrawal as the desk sees it (the contract's deskWithdrawalSchema): account = the player's payout account. */
export type DeskWithdrawal = Withdrawal & { player: DeskPlayer; firstApprovedBy: string | null; decidedBy: string | null };

export interface WithdrawalListParams {
  status: RequestStatus;
  page: number;
  pageSize: number;
}

export interface WithdrawalList {
  items: DeskWithdrawal[];
  total: number;
}

export const withdrawalsQueryKeys = {
  all: ['withdrawals'] as const,
  list: (params: WithdrawalListParams) => ['withdrawals', 'list', params] as const,
  pendingCount: ['withdrawals', 'pending-count'] as const,
};

export async function getWithdrawals(params: WithdrawalListParams, signal?: AbortSignal): Promise<WithdrawalList> {
  return (await apiRequest<WithdrawalList>('/backoffice/withdrawals', { query: { ...params }, ...(signal ? { signal } : {}) })).data;
}

export function useWithdrawals(params: WithdrawalListParams) {
  return useQuery({
    queryKey: withdrawalsQueryKeys.list(params),
    queryFn: ({ signal }) => getWithdrawals(params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: params.status === 'pending' ? 30_000 : false,
  });
}

/** How many withdrawals wait to be paid or rejected, for the navigation and the tab. */
export function usePendingWithdrawalCount(enabled = true) {
  return useQuery({
    queryKey: withdrawalsQueryKeys.pendingCount,
    queryFn: async ({ signal }) => (await getWithdrawals({ status: 'pending', page: 1, pageSize: 1 }, signal)).total,
    refetchInterval: 30_000,
    enabled,
  });
}
