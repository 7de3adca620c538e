import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordRequest } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/v1/reset-password: sets the new password and revokes every session. */
export function resetPassword(body: ResetPasswordRequest) {
  return apiRequest<null>('/reset-password', { method: 'POST', body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
