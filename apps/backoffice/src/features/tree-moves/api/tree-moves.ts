import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BackofficeUser, TreeMove, TreeMoveRequest } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';

export const treeMoveKeys = {
  all: ['tree-moves'] as const,
  list: (status: TreeMove['status']) => ['tree-moves', status] as const,
};

/** GET /backoffice/tree-moves: moves waiting for (or decided by) a second operator (decision 0066). */
export function useTreeMoves(status: TreeMove['status']) {
  return useQuery({
    queryKey: treeMoveKeys.list(status),
    queryFn: async () =>
      (
        await apiRequest<{ items: TreeMove[]; total: number }>('/backoffice/tree-moves', {
          query: { status, pageSize: 100 },
        })
      ).data,
    refetchInterval: status === 'pending' ? 15_000 : false,
  });
}

/** Where an account may move: the site's agents and directors matching what the operator typed. */
export function useUplineCandidates(search: string) {
  const term = search.trim();
  return useQuery({
    queryKey: ['tree-moves', 'uplines', term],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ items: BackofficeUser[]; total: number }>('/backoffice/users', {
          query: { search: term, pageSize: 10 },
          signal,
        })
      ).data.items,
    enabled: term.length >= 2,
  });
}

/** POST /backoffice/users/:id/move: a director asks; the move waits for a second operator. */
export function useRequestMove(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: TreeMoveRequest) =>
      apiRequest<TreeMove>(`/backoffice/users/${encodeURIComponent(userId)}/move`, { method: 'POST', body }),
    meta: { quiet: true },
    onSuccess: (result) => {
      toast.success(result.message);
      void client.invalidateQueries({ queryKey: treeMoveKeys.all });
      void client.invalidateQueries({ queryKey: ['audit-log'] });
    },
  });
}

/** POST /backoffice/tree-moves/:id/confirm | reject: the second operator's decision. */
export function useDecideTreeMove() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (decision: { id: string; confirm: true } | { id: string; confirm: false; reason: string }) =>
      apiRequest<TreeMove>(
        `/backoffice/tree-moves/${encodeURIComponent(decision.id)}/${decision.confirm ? 'confirm' : 'reject'}`,
        { method: 'POST', ...(decision.confirm ? {} : { body: { reason: decision.reason } }) },
      ),
    onSuccess: (result) => toast.success(result.message),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: treeMoveKeys.all });
      void client.invalidateQueries({ queryKey: ['users'] });
      void client.invalidateQueries({ queryKey: ['audit-log'] });
    },
  });
}
