import { useQuery } from '@tanstack/react-query';
import type { Profile } from '@khel/contract';
import { apiRequest, shouldRetry, unwrap } from '../api-client';
import { profileChangeCount, sessionStore, updateUserFromRead, useSession } from './session';

/** GET /api/v1/getUserData with no-cache headers (spec §7): the profile, balances and permissions. */
export async function getUserData(): Promise<Profile> {
  const envelope = await apiRequest<Profile>('/getUserData', {
    headers: { 'Cache-Control': 'no-cache', Pragma: 'no-cache' },
  });
  return unwrap(envelope);
}

export const userDataQueryKey = (token: string | null) => ['userData', token] as const;

/**
 * Loads the profile whenever there is a usable token; keyed by the token so a new login starts a fresh
 * load. Focus and visibility refreshes are wired explicitly (use-profile-refresh), not by React Query,
 * because the spec names both events.
 */
export function useUserDataQuery() {
  const { token, rejected } = useSession();
  return useQuery({
    queryKey: userDataQueryKey(token),
    queryFn: async () => {
      const changes = profileChangeCount();
      const profile = await getUserData();
      // A logout while the request was in flight must not bring the old user back.
      if (sessionStore.get().token === token && !sessionStore.get().rejected) updateUserFromRead(profile, changes);
      return profile;
    },
    enabled: token !== null && !rejected,
    retry: shouldRetry,
    refetchOnWindowFocus: false,
    staleTime: 0,
  });
}
