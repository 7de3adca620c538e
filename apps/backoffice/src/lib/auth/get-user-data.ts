import { useQuery } from '@tanstack/react-query';
import { BACKOFFICE_ROLES, OPERATOR_ROLES, ROLES } from '@khel/contract';
import type { Profile, RoleId } from '@khel/contract';
import { apiRequest } from '../api-client';
import { useToken } from './session';

export const profileQueryKey = ['profile'] as const;

export async function getUserData(): Promise<Profile> {
  return (await apiRequest<Profile>('/getUserData')).data;
}

/** The signed-in operator. Only asked while a token exists; the guard decides what a missing one means. */
export function useProfile() {
  const token = useToken();
  return useQuery({ queryKey: profileQueryKey, queryFn: getUserData, enabled: token !== null, staleTime: 60_000 });
}

/** May sign in to the back office: an operator or an agent (decision 0018). */
export function isOperatorRole(role: number): boolean {
  return BACKOFFICE_ROLES.includes(role as RoleId);
}

/** The site's own operators (DIRECTOR, SUPPORT_ADMIN), as opposed to agents. */
export function isSiteOperator(profile: Pick<Profile, 'role'> | undefined): boolean {
  return profile !== undefined && OPERATOR_ROLES.includes(profile.role as RoleId);
}

export function isDirector(profile: Pick<Profile, 'role'> | undefined): boolean {
  return profile?.role === ROLES.DIRECTOR;
}
