import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SignInPage } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';
import { reportKeys } from './keys';

export const SIGN_INS_PAGE_SIZE = 10;

/** GET /backoffice/users/:id/sign-ins: time, IP address and device of each sign-in. */
export async function getSignIns(userId: string, page: number): Promise<SignInPage> {
  return (
    await apiRequest<SignInPage>(`/backoffice/users/${encodeURIComponent(userId)}/sign-ins`, {
      query: { page, pageSize: SIGN_INS_PAGE_SIZE },
    })
  ).data;
}

export function useSignIns(userId: string, page: number) {
  return useQuery({
    queryKey: reportKeys.signIns(userId, page),
    queryFn: () => getSignIns(userId, page),
    placeholderData: keepPreviousData,
  });
}
