import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DepositLimit, DepositLimitPeriod } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';
import { depositLimitsQueryKey } from './get-deposit-limits';

/**
 * PUT /api/v1/deposit-limits { period, amount|null }: lowering applies at once, raising or removing
 * (null) after 24 hours. Answers the whole list, which replaces the cached one.
 */
export async function setDepositLimit(body: { period: DepositLimitPeriod; amount: number | null }) {
  return apiRequest<DepositLimit[]>('/deposit-limits', { method: 'PUT', body });
}

export function useSetDepositLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDepositLimit,
    onSuccess: (envelope) => {
      if (envelope.meta.code === 200 && envelope.data) queryClient.setQueryData(depositLimitsQueryKey, envelope.data);
    },
  });
}
