import { useMutation, useQueryClient } from '@tanstack/react-query';
import { writeAnswer } from '@khel/web-kit';
import type { BackofficeUser, UserUpdateRequest } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { usersQueryKeys } from './get-users';

export async function updateUser(
  id: string,
  body: UserUpdateRequest,
): Promise<{ user: BackofficeUser; message: string }> {
  const { data, message } = await apiRequest<BackofficeUser>(`/backoffice/users/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
  });
  return { user: data, message };
}

export function useUpdateUser(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserUpdateRequest) => updateUser(id, body),
    onSuccess: async ({ user, message }) => {
      await writeAnswer(queryClient, usersQueryKeys.detail(id), user);
      void queryClient.invalidateQueries({ queryKey: ['users', 'list'] });
      // Every change is audited on the server; any audit view on screen must show the new entry.
      void queryClient.invalidateQueries({ queryKey: ['audit-log'] });
      toast.success(message || 'User updated');
    },
  });
}
