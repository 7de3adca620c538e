import { useQuery } from '@tanstack/react-query';
import type { DepositLimit } from '@khel/contract';
import { apiRequest, unwrap } from '../../../lib/api-client';

export const depositLimitsQueryKey = ['deposit-limits'] as const;

/** GET /api/v1/deposit-limits: daily, weekly and monthly limits with what each period has used. */
export async function getDepositLimits(): Promise<DepositLimit[]> {
  return unwrap(await apiRequest<DepositLimit[]>('/deposit-limits'));
}

export function useDepositLimits() {
  return useQuery({ queryKey: depositLimitsQueryKey, queryFn: getDepositLimits });
}
