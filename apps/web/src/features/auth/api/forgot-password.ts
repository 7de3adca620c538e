import { useMutation } from '@tanstack/react-query';
import type { MobileOnlyRequest } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/v1/forgot-password: always a neutral answer, so nobody learns which numbers are registered. */
export function forgotPassword(body: MobileOnlyRequest) {
  return apiRequest<null>('/forgot-password', { method: 'POST', body });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
