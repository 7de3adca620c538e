import { useMutation } from '@tanstack/react-query';
import { MESSAGES, type ChangePasswordRequest } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';
import { replaceToken } from '../../../lib/auth/session';

/**
 * POST /api/v1/change_password. Every other session is revoked; meta.token is this session's new token,
 * stored at once so the next call is not refused.
 */
export async function changePassword(body: ChangePasswordRequest) {
  const envelope = await apiRequest<null>('/change_password', {
    method: 'POST',
    body,
    successToast: MESSAGES.passwordChanged,
  });
  if (envelope.meta.code === 200 && envelope.meta.token) replaceToken(envelope.meta.token);
  return envelope;
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
