import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Deposit, RequestStatus } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';
import type { DeskPlayer } from '../../../components/money/desk-parts';

/** A deposit as the desk sees it (the contract's deskDepositSchema). */
export type DeskDeposit = Deposit & { player: DeskPlayer; firstApprovedBy: string | null; decidedBy: string | null };

export interface DepositListParams {
  status: RequestStatus;
  page: number;
  pageSize: number;
}

export interface DepositList {
  items: DeskDeposit[];
  total: number;
}

export const depositsQueryKeys = {
  all: ['deposits'] as const,
  list: (params: DepositListParams) => ['deposits', 'list', params] as const,
  pendingCount: ['deposits', 'pending-count'] as const,
};

export async function getDeposits(params: DepositListParams, signal?: AbortSignal): Promise<DepositList> {
  return (await apiRequest<DepositList>('/backoffice/deposits', { query: { ...params }, ...(signal ? { signal } : {}) })).data;
}

export function useDeposits(params: DepositListParams) {
  return useQuery({
    queryKey: depositsQueryKeys.list(params),
    queryFn: ({ signal }) => getDeposits(params, signal),
    placeholderData: keepPreviousData,
    // Players keep sending requests; the queue stays fresh without a click.
    refetchInterval: params.status === 'pending' ? 30_000 : false,
  });
}

/** How many deposits wait for a decision, for the navigation and the tab. */
export function usePendingDepositCount(enabled = true) {
  return useQuery({
    queryKey: depositsQueryKeys.pendingCount,
    queryFn: async ({ signal }) => (await getDeposits({ status: 'pending', page: 1, pageSize: 1 }, signal)).total,
    refetchInterval: 30_000,
    enabled,
  });
}
