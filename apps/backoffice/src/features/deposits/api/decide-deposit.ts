import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import type { DeskDeposit } from './get-deposits';
import { depositsQueryKeys } from './get-deposits';

export interface Decision {
  deposit: DeskDeposit;
  message: string;
}

/**
 * Approve: the server credits the main wallet, or, above the second-approval amount, records a first
 * approval (the deposit stays pending with awaitingSecondApproval) and says so in meta.message.
 */
export async function approveDeposit(id: string): Promise<Decision> {
  const { data, message } = await apiRequest<DeskDeposit>(`/backoffice/deposits/${encodeURIComponent(id)}/approve`, { method: 'POST' });
  return { deposit: data, message };
}

export async function rejectDeposit(id: string, reason: string): Promise<Decision> {
  const { data, message } = await apiRequest<DeskDeposit>(`/backoffice/deposits/${encodeURIComponent(id)}/reject`, { method: 'POST', body: { reason } });
  return { deposit: data, message };
}

function useRefreshAfterDecision() {
  const queryClient = useQueryClient();
  // Whatever the answer (a 409 ALREADY_DECIDED included), the queue must show the server's state.
  return () => {
    void queryClient.invalidateQueries({ queryKey: depositsQueryKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['audit-log'] });
    void queryClient.invalidateQueries({ queryKey: ['player-wallet'] });
  };
}

export function useApproveDeposit() {
  const refresh = useRefreshAfterDecision();
  return useMutation({
    mutationFn: approveDeposit,
    onSuccess: ({ deposit, message }) => {
      if (deposit.status === 'approved') toast.success(message || 'Deposit approved');
      else toast.info(message || 'First approval recorded: a second operator must approve');
    },
    onSettled: refresh,
  });
}

export function useRejectDeposit() {
  const refresh = useRefreshAfterDecision();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => rejectDeposit(id, reason),
    onSuccess: ({ message }) => toast.success(message || 'Deposit rejected'),
    onSettled: refresh,
  });
}
