import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApprovalContext, RequestStatus } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import type { DeskPlayer } from '../desk-parts';

/** What the desk needs of any money request (the contract's desk schemas share it). */
export interface DeskRequest {
  _id: string;
  amount: number;
  status: RequestStatus;
  reason: string | null;
  awaitingSecondApproval: boolean;
  createdAt: string;
  decidedAt: string | null;
  player: DeskPlayer;
  firstApprovedBy: string | null;
  decidedBy: string | null;
}

export interface DeskListParams {
  status: RequestStatus;
  page: number;
  pageSize: number;
}

export interface DeskList<Item> {
  items: Item[];
  total: number;
}

export interface Decision<Item> {
  request: Item;
  message: string;
}

/**
 * The request desk's calls and hooks (decision 0032), once for every kind: the queue by status, the
 * pending count, approve (or a first approval above the second-approval amount, said in meta.message)
 * and reject with a reason. `path` is the kind's `/backoffice/<path>`.
 */
export function createDeskApi<Item extends DeskRequest>(spec: {
  path: 'deposits' | 'withdrawals';
  approvedToast: string;
  rejectedToast: string;
}) {
  const queryKeys = {
    all: [spec.path] as const,
    list: (params: DeskListParams) => [spec.path, 'list', params] as const,
    pendingCount: [spec.path, 'pending-count'] as const,
  };

  async function list(params: DeskListParams, signal?: AbortSignal): Promise<DeskList<Item>> {
    return (
      await apiRequest<DeskList<Item>>(`/backoffice/${spec.path}`, {
        query: { ...params },
        ...(signal ? { signal } : {}),
      })
    ).data;
  }

  /** What the approver sees beside the request (issue 24): the first approval, a total, what else waits. */
  async function context(id: string, signal?: AbortSignal): Promise<ApprovalContext> {
    return (
      await apiRequest<ApprovalContext>(`/backoffice/${spec.path}/${encodeURIComponent(id)}/context`, {
        ...(signal ? { signal } : {}),
      })
    ).data;
  }

  async function approve(id: string): Promise<Decision<Item>> {
    const { data, message } = await apiRequest<Item>(`/backoffice/${spec.path}/${encodeURIComponent(id)}/approve`, {
      method: 'POST',
    });
    return { request: data, message };
  }

  async function reject(id: string, reason: string): Promise<Decision<Item>> {
    const { data, message } = await apiRequest<Item>(`/backoffice/${spec.path}/${encodeURIComponent(id)}/reject`, {
      method: 'POST',
      body: { reason },
    });
    return { request: data, message };
  }

  function useRefreshAfterDecision() {
    const queryClient = useQueryClient();
    // Whatever the answer (a 409 ALREADY_DECIDED included), the queue must show the server's state.
    return () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['audit-log'] });
      void queryClient.invalidateQueries({ queryKey: ['player-wallet'] });
      void queryClient.invalidateQueries({ queryKey: ['approval-context'] });
    };
  }

  return {
    queryKeys,
    list,
    context,
    approve,
    reject,
    useList(params: DeskListParams) {
      return useQuery({
        queryKey: queryKeys.list(params),
        queryFn: ({ signal }) => list(params, signal),
        placeholderData: keepPreviousData,
        // Players keep sending requests; the queue stays fresh without a click.
        refetchInterval: params.status === 'pending' ? 30_000 : false,
      });
    },
    useApprovalContext(id: string) {
      return useQuery({
        queryKey: ['approval-context', spec.path, id],
        queryFn: ({ signal }) => context(id, signal),
        // Read as the dialog opens: what waits now, not what waited when the queue loaded.
        staleTime: 0,
      });
    },
    /** How many requests wait for a decision, for the navigation and the tab. */
    usePendingCount(enabled = true) {
      return useQuery({
        queryKey: queryKeys.pendingCount,
        queryFn: async ({ signal }) => (await list({ status: 'pending', page: 1, pageSize: 1 }, signal)).total,
        refetchInterval: 30_000,
        enabled,
      });
    },
    useApprove() {
      const refresh = useRefreshAfterDecision();
      return useMutation({
        mutationFn: approve,
        onSuccess: ({ request, message }) => {
          if (request.status === 'approved') toast.success(message || spec.approvedToast);
          else toast.info(message || 'First approval recorded: a second operator must approve');
        },
        onSettled: refresh,
      });
    },
    useReject() {
      const refresh = useRefreshAfterDecision();
      return useMutation({
        mutationFn: ({ id, reason }: { id: string; reason: string }) => reject(id, reason),
        onSuccess: ({ message }) => toast.success(message || spec.rejectedToast),
        onSettled: refresh,
      });
    },
  };
}
export type DeskApi<Item extends DeskRequest> = ReturnType<typeof createDeskApi<Item>>;
