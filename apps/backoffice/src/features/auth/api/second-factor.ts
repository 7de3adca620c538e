import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecoveryCodes, SecondFactorEnrolment, SecondFactorStatus, SecondFactorVerified } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';
import { clearSecondFactor } from '../../../lib/auth/second-factor-gate';

export const secondFactorQueryKey = ['second-factor'] as const;

export async function getSecondFactorStatus(): Promise<SecondFactorStatus> {
  return (await apiRequest<SecondFactorStatus>('/backoffice/second-factor', { cache: 'no-store' })).data;
}

export function useSecondFactorStatus() {
  return useQuery({ queryKey: secondFactorQueryKey, queryFn: getSecondFactorStatus, staleTime: 0 });
}

/** A new secret and its QR code; asking again replaces a pending one. */
export function useStartEnrolment() {
  return useMutation({
    mutationFn: async () =>
      (await apiRequest<SecondFactorEnrolment>('/backoffice/second-factor/enrolment', { method: 'POST', body: {} }))
        .data,
    meta: { quiet: true },
  });
}

/** Once passed, every query that the gate refused is asked again. */
export function useSecondFactorPassed() {
  const queryClient = useQueryClient();
  return () => {
    clearSecondFactor();
    void queryClient.invalidateQueries();
  };
}

/** The page calls useSecondFactorPassed itself once the operator has seen the recovery codes. */
export function useConfirmEnrolment() {
  return useMutation({
    mutationFn: async (code: string) =>
      (
        await apiRequest<RecoveryCodes>('/backoffice/second-factor/enrolment/confirm', {
          method: 'POST',
          body: { code },
        })
      ).data,
    meta: { quiet: true },
  });
}

export function useVerifySecondFactor() {
  const passed = useSecondFactorPassed();
  return useMutation({
    mutationFn: async (code: string) =>
      (await apiRequest<SecondFactorVerified>('/backoffice/second-factor/verify', { method: 'POST', body: { code } }))
        .data,
    meta: { quiet: true },
    onSuccess: passed,
  });
}
