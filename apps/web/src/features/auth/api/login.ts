import { useMutation } from '@tanstack/react-query';
import type { LoginRequest, Profile } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/v1/login { mobile_no | username, password }: answers like verify-otp. */
export async function login(body: LoginRequest) {
  const envelope = await apiRequest<Profile>('/login', { method: 'POST', body });
  // Spec §7: "error is also logged" — kept for support diagnostics, without the password.
  if (envelope.meta.code !== 200)
    console.warn('login failed', envelope.meta.code, envelope.meta.error ?? envelope.meta.message);
  return envelope;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
