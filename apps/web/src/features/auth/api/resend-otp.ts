import { useMutation } from '@tanstack/react-query';
import type { MobileOnlyRequest } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/v1/resend-otp { mobile_no }. */
export function resendOtp(body: MobileOnlyRequest) {
  return apiRequest<null>('/resend-otp', { method: 'POST', body });
}

export function useResendOtp() {
  return useMutation({ mutationFn: resendOtp });
}
