import { useMutation, useQueryClient } from '@tanstack/react-query';
import { writeAnswer } from '@khel/web-kit';
import type { LoginRequest, Profile } from '@khel/contract';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { profileQueryKey } from '../../../lib/auth/get-user-data';
import { requireSecondFactor } from '../../../lib/auth/second-factor-gate';
import { startSession } from '../../../lib/auth/session';
import { getSecondFactorStatus } from './second-factor';

export const NOT_AN_OPERATOR_MESSAGE = 'This is not an operator account. Players sign in on the player site.';

/**
 * Logs in with `audience: 'backoffice'`: the server refuses a non-operator (meta.code 403) before it
 * opens any session, so no player token ever exists for the back office to revoke.
 */
export async function login(body: Omit<LoginRequest, 'audience'>): Promise<Profile> {
  try {
    const { data: profile, meta } = await apiRequest<Profile>('/login', {
      method: 'POST',
      body: { ...body, audience: 'backoffice' },
    });
    if (meta.token === undefined) throw new ApiError(200, 500, 'The server did not start a session, please try again');
    startSession(meta.token);
    await askForSecondFactorIfNeeded();
    return profile;
  } catch (error) {
    // The server's wording is terse; say where a player should go instead.
    if (error instanceof ApiError && error.code === 403 && error.error === 'FORBIDDEN')
      throw new ApiError(200, 403, NOT_AN_OPERATOR_MESSAGE, 'FORBIDDEN');
    throw error;
  }
}

/** Operators pass a second factor before the back office opens; the login asks where this session stands. */
async function askForSecondFactorIfNeeded(): Promise<void> {
  try {
    const status = await getSecondFactorStatus();
    if (status.required && !status.passed) requireSecondFactor(status.enrolled ? 'verify' : 'enrol');
  } catch {
    // The first back-office call answers SECOND_FACTOR_*_REQUIRED and the gate opens the step then.
  }
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    // The form shows the error beside the fields; a toast would say it twice.
    meta: { quiet: true },
    onSuccess: (profile) => writeAnswer(queryClient, profileQueryKey, profile),
  });
}
