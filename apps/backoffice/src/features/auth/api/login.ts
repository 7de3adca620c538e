import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginRequest, Profile } from '@khel/contract';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { isOperatorRole, profileQueryKey } from '../../../lib/auth/get-user-data';
import { logout } from '../../../lib/auth/logout';
import { startSession } from '../../../lib/auth/session';

export const NOT_AN_OPERATOR_MESSAGE = 'This is not an operator account. Players sign in on the player site.';

export async function login(body: LoginRequest): Promise<Profile> {
  const { data: profile, meta } = await apiRequest<Profile>('/login', { method: 'POST', body });
  if (meta.token === undefined) throw new ApiError(200, 500, 'The server did not start a session, please try again');
  if (!isOperatorRole(profile.role)) {
    // The server has just opened a session for a player; close it at once so no token is left
    // alive that nobody will ever use or revoke, and never let it become the back-office session.
    await logout(meta.token);
    throw new ApiError(200, 403, NOT_AN_OPERATOR_MESSAGE, 'FORBIDDEN');
  }
  startSession(meta.token);
  return profile;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    // The form shows the error beside the fields; a toast would say it twice.
    meta: { quiet: true },
    onSuccess: (profile) => queryClient.setQueryData(profileQueryKey, profile),
  });
}
