import { useMutation } from '@tanstack/react-query';
import type { SignUpRequest } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/v1/signUp: meta.code 200 means an OTP was sent to mobile_no. */
export function signUp(body: SignUpRequest) {
  return apiRequest<null>('/signUp', { method: 'POST', body });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
