import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import type { DeskWithdrawal } from './get-withdrawals';
import { withdrawalsQueryKeys } from './get-withdrawals';

export interface Decision {
  withdrawal: DeskWithdrawal;
  message: string;
}

/** Mark paid: the held amount leaves the wallet. Above the second-approval amount this is a first approval. */
export async function approveWithdrawal(id: string): Promise<Decision> {
  const { data, message } = await apiRequest<DeskWithdrawal>(`/backoffice/withdrawals/${encodeURIComponent(id)}/approve`, { method: 'POST' });
  return { withdrawal: data, message };
}

/** Reject with a reason: the held amount goes back to the player's balance. */
export async function rejectWithdrawal(id: string, reason: string): Promise<Decision> {
  const { data, message } = await apiRequest<DeskWithdrawal>(`/backoffice/withdrawals/${encodeURIComponent(id)}/reject`, { method: 'POST', body: { reason } });
  return { withdrawal: data, message };
}

function useRefreshAfterDecision() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: withdrawalsQueryKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['audit-log'] });
    void queryClient.invalidateQueries({ queryKey: ['player-wallet'] });
  };
}

export function useApproveWithdrawal() {
  const refresh = useRefreshAfterDecision();
  return useMutation({
    mutationFn: approveWithdrawal,
    onSuccess: ({ withdrawal, message }) => {
      if (withdrawal.status === 'approved') toast.success(message || 'Withdrawal marked paid');
      else toast.info(message || 'First approval recorded: a second operator must approve');
    },
    onSettled: refresh,
  });
}

export function useRejectWithdrawal() {
  const refresh = useRefreshAfterDecision();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => rejectWithdrawal(id, reason),
    onSuccess: ({ message }) => toast.success(message || 'Withdrawal rejected, amount released'),
    onSettled: refresh,
  });
}
