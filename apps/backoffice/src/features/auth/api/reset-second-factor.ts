import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** A director resets another operator's authenticator; the audit trail of the page then shows it. */
export function useResetSecondFactor(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (reason: string) =>
      (await apiRequest<null>(`/backoffice/users/${userId}/second-factor/reset`, { method: 'POST', body: { reason } }))
        .message,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['audit-log'] }),
  });
}
