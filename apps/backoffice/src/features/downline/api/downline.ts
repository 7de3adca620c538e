import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BackofficeUser, DownlineAccountRequest, TreeStep } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';

export interface DownlineParams {
  /** The account whose direct downline is listed. */
  uplineId: string;
  /** With a search term, the whole subtree is searched (the server confines it to the caller's downline). */
  search: string;
  page: number;
  pageSize: number;
}

export const downlineKeys = {
  all: ['users', 'downline'] as const,
  list: (params: DownlineParams) => ['users', 'downline', params] as const,
  path: (id: string) => ['users', 'tree-path', id] as const,
};

export function useDownline(params: DownlineParams) {
  return useQuery({
    queryKey: downlineKeys.list(params),
    queryFn: async ({ signal }) => {
      const term = params.search.trim();
      const query =
        term === ''
          ? { uplineId: params.uplineId, page: params.page, pageSize: params.pageSize }
          : { search: term, page: params.page, pageSize: params.pageSize };
      return (await apiRequest<{ items: BackofficeUser[]; total: number }>('/backoffice/users', { query, signal }))
        .data;
    },
    placeholderData: keepPreviousData,
  });
}

export function useTreePath(id: string) {
  return useQuery({
    queryKey: downlineKeys.path(id),
    queryFn: async ({ signal }) =>
      (await apiRequest<{ path: TreeStep[] }>(`/backoffice/users/${encodeURIComponent(id)}/tree-path`, { signal })).data
        .path,
    enabled: id !== '',
  });
}

export function useCreateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: DownlineAccountRequest) => {
      const { data, message } = await apiRequest<BackofficeUser>('/backoffice/downline', { method: 'POST', body });
      return { user: data, message };
    },
    onSuccess: ({ message }) => {
      void queryClient.invalidateQueries({ queryKey: ['users'] });
      void queryClient.invalidateQueries({ queryKey: ['audit-log'] });
      toast.success(message || 'Account created');
    },
  });
}

export function useResetPassword(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (password: string) =>
      (
        await apiRequest<null>(`/backoffice/users/${encodeURIComponent(id)}/password`, {
          method: 'POST',
          body: { password },
        })
      ).message,
    onSuccess: (message) => {
      void queryClient.invalidateQueries({ queryKey: ['audit-log'] });
      toast.success(message || 'Password changed');
    },
  });
}
