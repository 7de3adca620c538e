import { useQuery } from '@tanstack/react-query';
import type { BackofficeUser } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';
import { usersQueryKeys } from './get-users';

export async function getUser(id: string): Promise<BackofficeUser> {
  return (await apiRequest<BackofficeUser>(`/backoffice/users/${encodeURIComponent(id)}`)).data;
}

export function useUser(id: string) {
  return useQuery({ queryKey: usersQueryKeys.detail(id), queryFn: () => getUser(id) });
}
