import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApprovalContext } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { playerWalletQueryKeys } from './get-ledger';

/** The contract's adjustmentSchema. requestedBy and approvedBy are operator ids. */
export interface Adjustment {
  _id: string;
  wallet: 'main' | 'bonus';
  amount: number;
  reason: string;
  status: 'pending' | 'applied' | 'rejected';
  requestedBy: string;
  approvedBy: string | null;
  createdAt: string;
}

export interface AdjustmentRequest {
  wallet: 'main' | 'bonus';
  /** Signed rupees: positive credits the player, negative debits. */
  amount: number;
  reason: string;
}

export async function getAdjustments(userId: string): Promise<Adjustment[]> {
  return (await apiRequest<Adjustment[]>(`/backoffice/users/${encodeURIComponent(userId)}/adjustments`)).data;
}

export function useAdjustments(userId: string) {
  return useQuery({ queryKey: playerWalletQueryKeys.adjustments(userId), queryFn: () => getAdjustments(userId) });
}

/** GET /backoffice/adjustments/:id/context: what the second approver sees beside a pending adjustment (issue 24). */
export async function getAdjustmentContext(id: string): Promise<ApprovalContext> {
  return (await apiRequest<ApprovalContext>(`/backoffice/adjustments/${encodeURIComponent(id)}/context`)).data;
}

export function useAdjustmentContext(id: string) {
  return useQuery({
    queryKey: ['approval-context', 'adjustments', id],
    queryFn: () => getAdjustmentContext(id),
    staleTime: 0,
  });
}

function useRefresh(userId: string) {
  const queryClient = useQueryClient();
  return () => {
    // The ledger, the adjustments and the user's history all change together.
    void queryClient.invalidateQueries({ queryKey: playerWalletQueryKeys.user(userId) });
    void queryClient.invalidateQueries({ queryKey: ['audit-log'] });
    void queryClient.invalidateQueries({ queryKey: ['approval-context'] });
  };
}

/**
 * Applied at once ('Adjustment applied'), or, above the second-approval amount, kept pending until a
 * different operator approves ('Adjustment waits for a second operator').
 */
export async function createAdjustment(
  userId: string,
  body: AdjustmentRequest,
): Promise<{ adjustment: Adjustment; message: string }> {
  const { data, message } = await apiRequest<Adjustment>(
    `/backoffice/users/${encodeURIComponent(userId)}/adjustments`,
    { method: 'POST', body },
  );
  return { adjustment: data, message };
}

export function useCreateAdjustment(userId: string) {
  const refresh = useRefresh(userId);
  return useMutation({
    mutationFn: (body: AdjustmentRequest) => createAdjustment(userId, body),
    onSuccess: ({ adjustment, message }) => {
      if (adjustment.status === 'applied') toast.success(message || 'Adjustment applied');
      else toast.info(message || 'Adjustment waits for a second operator');
    },
    onSettled: refresh,
  });
}

export async function decideAdjustment(
  id: string,
  decision: 'approve' | 'reject',
): Promise<{ adjustment: Adjustment; message: string }> {
  const { data, message } = await apiRequest<Adjustment>(
    `/backoffice/adjustments/${encodeURIComponent(id)}/${decision}`,
    { method: 'POST' },
  );
  return { adjustment: data, message };
}

export function useDecideAdjustment(userId: string) {
  const refresh = useRefresh(userId);
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: 'approve' | 'reject' }) => decideAdjustment(id, decision),
    onSuccess: ({ message }, { decision }) =>
      toast.success(message || (decision === 'approve' ? 'Adjustment applied' : 'Adjustment rejected')),
    onSettled: refresh,
  });
}
