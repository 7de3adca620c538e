import { useQuery } from '@tanstack/react-query';
import { OPERATOR_ROLES, ROLES } from '@khel/contract';
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

export function isOperatorRole(role: number): boolean {
  return OPERATOR_ROLES.includes(role as RoleId);
}

export function isDirector(profile: Pick<Profile, 'role'> | undefined): boolean {
  return profile?.role === ROLES.DIRECTOR;
}
