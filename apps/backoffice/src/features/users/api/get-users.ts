import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BackofficeUser } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';

export interface UserListParams {
  search: string;
  role: number | undefined;
  page: number;
  pageSize: number;
}

export interface UserList {
  items: BackofficeUser[];
  total: number;
}

export const usersQueryKeys = {
  all: ['users'] as const,
  list: (params: UserListParams) => ['users', 'list', params] as const,
  detail: (id: string) => ['users', 'detail', id] as const,
};

export async function getUsers(params: UserListParams, signal?: AbortSignal): Promise<UserList> {
  const query = {
    search: params.search.trim() || undefined,
    role: params.role,
    page: params.page,
    pageSize: params.pageSize,
  };
  return (await apiRequest<UserList>('/backoffice/users', { query, ...(signal ? { signal } : {}) })).data;
}

export function useUsers(params: UserListParams) {
  return useQuery({
    queryKey: usersQueryKeys.list(params),
    queryFn: ({ signal }) => getUsers(params, signal),
    // Keep the last page on screen while the next one loads, so the table does not flash empty.
    placeholderData: keepPreviousData,
  });
}
