import { useMutation } from '@tanstack/react-query';
import type { Profile, VerifyOtpRequest } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/v1/verify-otp: answers meta.token and the profile as data. */
export function verifyOtp(body: VerifyOtpRequest) {
  return apiRequest<Profile>('/verify-otp', { method: 'POST', body });
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}
